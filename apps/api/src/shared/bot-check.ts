import { messages } from '@portal/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import type { Config } from '../config';
import { badRequest } from './errors';

/** Self-hosted proof-of-work challenge (ALTCHA): no third-party service sees our visitors. */
export function makeChallenge(config: Config) {
  return createChallenge({ hmacKey: config.altchaHmacKey, maxNumber: 100_000, expires: new Date(Date.now() + 10 * 60_000) });
}

export async function assertHuman(config: Config, token: string | undefined): Promise<void> {
  if (!config.botCheck) return;
  const ok = token ? await verifySolution(token, config.altchaHmacKey, true).catch(() => false) : false;
  if (!ok) throw badRequest(messages.botCheckFailed, { voterToken: [messages.botCheckFailed] });
}
