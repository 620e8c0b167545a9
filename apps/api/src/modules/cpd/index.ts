export { type CpdStanding, cpdMetInYears, cpdRequirementFor, cpdStanding } from './standing';
