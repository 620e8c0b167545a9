import * as z from 'zod';

/**
 * My Projects (part 1 §2, §6): a drawer link to the external projects system (the terms' `projectURL`) carrying a
 * short-lived access token, which that system checks with `POST api/projects/token/verify` (decision 035).
 */

/** Its constants and messages are in projects-values.ts (no zod). */
export * from './projects-values';

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
