/** What other modules use of complaints and discipline (issue 30): the sanctions the public register shows. */
export { forgetSanctions, isShownSanctioned, publicSanctions, sanctionedProfileByMemberNo } from './sanctions';
