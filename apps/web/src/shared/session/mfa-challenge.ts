import type { MfaChallenge } from '@portal/contract';

/**
 * The ticket of a sign-in waiting for its second step (decision 047), handed from the server-rendered sign-in page
 * to the web app's code page in this tab's sessionStorage: never in an address, where it would be logged.
 */
const KEY = 'mfa-challenge';

export interface PendingSignIn extends MfaChallenge {
  email: string;
}

export function savePendingSignIn(pending: PendingSignIn): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function readPendingSignIn(): PendingSignIn | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingSignIn | null;
    return value && typeof value.mfaToken === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingSignIn(): void {
  sessionStorage.removeItem(KEY);
}

/** Where the code is asked for. */
export const SIGN_IN_CODE_PATH = '/sign-in/code';
