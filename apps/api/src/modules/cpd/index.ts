export { type CpdStanding, cpdRequirementFor, cpdStanding } from './standing';
