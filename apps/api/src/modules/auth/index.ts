/** What other modules may use from the auth module. */
export { sendResetLink } from './passwords';
