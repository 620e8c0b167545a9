import type { SessionResponse, User } from '@portal/contract';

/** Token and user live in local storage, as the spec has it (part 1 §6). */
export const TOKEN = 'token';
export const USER = 'user';
const EXPIRES = 'expires_at';

export interface Session {
  token: string;
  user: User;
}

/** Told on every change, so the React hook (session-store.ts) re-renders; this module itself needs no React. */
export const listeners = new Set<() => void>();
let cached: Session | null | undefined;

/** The session as local storage holds it now (readSession keeps the first read). */
export function readStoredSession(): Session | null {
  const token = localStorage.getItem(TOKEN);
  const user = localStorage.getItem(USER);
  if (!token || !user) return null;
  try {
    return { token, user: JSON.parse(user) as User };
  } catch {
    return null;
  }
}

export function readSession(): Session | null {
  if (cached === undefined) cached = readStoredSession();
  return cached;
}

export function emit() {
  cached = readStoredSession();
  for (const l of listeners) l();
}

/** Stores the session. `silent` skips re-rendering, for callers about to reload the page. */
export function saveSession(session: SessionResponse, options: { silent?: boolean } = {}) {
  localStorage.setItem(TOKEN, session.token);
  localStorage.setItem(USER, JSON.stringify(session.user));
  localStorage.setItem(EXPIRES, session.expires_at);
  if (!options.silent) emit();
}

export function updateSessionUser(user: User) {
  if (!localStorage.getItem(TOKEN)) return;
  localStorage.setItem(USER, JSON.stringify(user));
  emit();
}

/** Forgets the session. `silent` skips re-rendering, for callers about to reload the page. */
export function clearSession(options: { silent?: boolean } = {}) {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  localStorage.removeItem(EXPIRES);
  localStorage.removeItem(ADMIN_SESSION);
  if (!options.silent) emit();
}

/** While an administrator is "logged in as" a member, the admin's own session waits here. */
const ADMIN_SESSION = 'admin_session';

export interface Impersonation {
  admin: Session;
  memberEmail: string;
}

/** Keeps the admin's session aside and stores the member's; the caller reloads the page next. */
export function startImpersonation(memberSession: SessionResponse) {
  const admin = readSession();
  if (!admin) return;
  localStorage.setItem(ADMIN_SESSION, JSON.stringify(admin));
  saveSession(memberSession, { silent: true });
}

export function readImpersonation(): Impersonation | null {
  const raw = localStorage.getItem(ADMIN_SESSION);
  const current = readSession();
  if (!raw || !current) return null;
  try {
    return { admin: JSON.parse(raw) as Session, memberEmail: current.user.email };
  } catch {
    return null;
  }
}

/** Puts the administrator's session back (after returning, or when the member session ended). */
export function restoreAdminSession(): boolean {
  const raw = localStorage.getItem(ADMIN_SESSION);
  localStorage.removeItem(ADMIN_SESSION);
  if (!raw) return false;
  try {
    const admin = JSON.parse(raw) as Session;
    localStorage.setItem(TOKEN, admin.token);
    localStorage.setItem(USER, JSON.stringify(admin.user));
    emit();
    return true;
  } catch {
    return false;
  }
}
