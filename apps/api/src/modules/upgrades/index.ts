export { releaseUpgrade } from './release';
