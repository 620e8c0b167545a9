/**
 * My Projects (part 1 §2, §6): a drawer link to the external projects system (the terms' `projectURL`) carrying a
 * short-lived access token, which that system checks with `POST api/projects/token/verify` (decision 035).
 */

/** How long an access token is good for. */
export const PROJECT_TOKEN_TTL_MINUTES = 5;

/** The category that never gets My Projects (part 1 §6). */
export const NO_PROJECTS_CATEGORY = 'GRADUATE';

/** Where `projectURL` carries the token; without it the token goes in the `token` query parameter. */
export const PROJECT_TOKEN_PLACEHOLDER = '{token}';

/** The page the drawer link opens (in a new tab): it asks for a fresh token and goes on to the projects system. */
export const MY_PROJECTS_ROUTE = '/my-projects';

export const projectMessages = {
  noMembership: 'My Projects is for members: there is no membership record on your profile',
  graduate: 'My Projects is not available to members of the Graduate category',
  notInGoodStanding: 'My Projects is for members in good standing: please clear your arrears first',
  impersonating: 'My Projects cannot be opened while logged in as another user',
  notInstalled: 'My Projects is not enabled on this portal',
  notConfigured: 'The address of the projects system has not been set',
  addressInvalid: 'The address must be a full web address starting with https:// or http://',
  invalidToken: 'Invalid access token',
  expiredToken: 'The access token has expired',
} as const;
