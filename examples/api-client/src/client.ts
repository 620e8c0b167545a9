/**
 * A small typed client of the portal's API, checked against the API document in CI (decision 053): the types come
 * from `npm run typecheck:client`, which writes dist/schema.d.ts with openapi-typescript from the document that
 * `npm run openapi:write` writes; a route renamed, a field dropped or a body changed breaks this file's type check.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '../dist/schema';

export type Failure = components['schemas']['Error'];

export function portalClient(baseUrl: string, token?: string) {
  return createClient<paths>({ baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Text as the API's codes and search terms travel: UTF-8 bytes in base64. */
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

/** The public register (no sign-in): members by name or member number, the term in base64 as the API takes it. */
export async function searchRegister(baseUrl: string, text: string, page = 1) {
  const { data, error, response } = await portalClient(baseUrl).GET('/api/profile/search', {
    params: { query: { term: base64(text), page } },
  });
  if (error) throw new Error(`search: ${response.status} ${error.message}`);
  return { total: data.data.total, members: data.data.profiles.map((p) => `${p.MemberNo} ${p.FirstName} ${p.LastName}`) };
}

/**
 * Signs in: the session's token, or null when the account asks for a second factor (then auth/mfa/verify or a
 * passkey completes it with the mfaToken).
 */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string | null> {
  const { data, error, response } = await portalClient(baseUrl).POST('/api/auth/login', { body: { email, password } });
  if (error) {
    const failure: Failure = error;
    throw new Error(`sign-in: ${response.status} ${failure.message}`);
  }
  return 'token' in data.data ? data.data.token : null;
}

/** The signed-in caller's own profile: their name and member number, or null before they have created one. */
export async function myProfile(baseUrl: string, token: string) {
  const client = portalClient(baseUrl, token);
  const { data, error, response } = await client.GET('/api/profile');
  if (error) throw new Error(`profile: ${response.status} ${error.message}`);
  const profile = data.data;
  const { data: user } = await client.GET('/api/auth/user');
  return {
    email: user?.data.email,
    name: profile ? `${profile.FirstName} ${profile.LastName}` : null,
    memberNo: profile?.MemberNo ?? null,
  };
}

/** One of the caller's stored files by id (a path parameter), base64. */
export async function storedFile(baseUrl: string, token: string, id: string) {
  const { data, error } = await portalClient(baseUrl, token).GET('/api/files/{id}', { params: { path: { id } } });
  if (error) return { missing: error.message };
  return { fileName: data.data.fileName, bytes: data.data.size };
}
