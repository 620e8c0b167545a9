import { messages } from '@portal/contract';
import type { Db } from '@portal/db';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Config } from '../config';
import { badRequest, HttpError } from './errors';
import { consumeLimit } from './rate-limit';

/** Self-hosted proof-of-work challenge (ALTCHA): no third-party service sees our visitors. */
export function makeChallenge(config: Config) {
  return createChallenge({ hmacKey: config.altchaHmacKey, maxNumber: 100_000, expires: new Date(Date.now() + 10 * 60_000) });
}

export async function assertHuman(config: Config, token: string | undefined): Promise<void> {
  if (!config.botCheck) return;
  const ok = token ? await verifySolution(token, config.altchaHmacKey, true).catch(() => false) : false;
  if (!ok) throw badRequest(messages.botCheckFailed, { voterToken: [messages.botCheckFailed] });
}

/** The signature of a solution's challenge: what makes the solution one of a kind. */
function solutionSignature(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { signature?: unknown };
    return typeof payload.signature === 'string' && payload.signature ? payload.signature : null;
  } catch {
    return null;
  }
}

/**
 * True for a valid, unexpired solution of one of our challenges, whatever BOT_CHECK says (the sign-in of an
 * account past its limit asks for one always, decision 029). Each solution passes once: its challenge's
 * signature is recorded in the rate-limit table for the challenge's lifetime, so a replay within it fails.
 */
export async function solvedOnce(db: Db, config: Config, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const signature = solutionSignature(token);
  if (!signature || !(await verifySolution(token, config.altchaHmacKey, true).catch(() => false))) return false;
  try {
    await consumeLimit(db, `altcha:used:${signature}`, { max: 1, windowSeconds: 10 * 60 });
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429) return false;
    throw error;
  }
}
