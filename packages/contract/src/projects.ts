import * as z from 'zod';

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

/** `POST projects/token`: a fresh token and the projects system's address carrying it. */
export const projectAccessSchema = z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
});
export type ProjectAccess = z.infer<typeof projectAccessSchema>;

/** `POST admin/project-url` (main administrator): the terms' projectURL; empty turns My Projects off. */
export const projectUrlRequest = z.object({
  projectURL: z.string().trim().max(2000, 'The address is too long'),
});

/** `POST projects/token/verify`: the token the projects system received. */
export const projectTokenVerifyRequest = z.object({
  token: z.string().min(1, 'Field is required').max(200, 'Invalid access token'),
});

/** Who the token was issued to, and until when it is good. */
export const projectMemberSchema = z.object({
  memberNo: z.string(),
  profileId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  category: z.string(),
  categoryDescription: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;
