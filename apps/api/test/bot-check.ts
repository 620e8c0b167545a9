import { encodeBase64 } from '@portal/contract';
import { createChallenge, solveChallenge } from 'altcha-lib';
import type { TestApp } from './harness';

export interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/** Solves a challenge in-process the way the ALTCHA widget does, and answers the payload sent as voterToken. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const { algorithm, salt, signature } = challenge;
  return encodeBase64(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }));
}

/** A fresh challenge from the app, solved: a valid voterToken. */
export async function voterToken(t: TestApp): Promise<string> {
  const response = await t.call('GET', '/api/altcha/challenge');
  if (response.status !== 200) throw new Error(`no challenge: ${response.status}`);
  return solve(response.body);
}

/**
 * A valid voterToken made quickly: a challenge signed with the app's key like the server's own, but with a
 * small search space, solved in-process. For tests that need many solutions.
 */
export async function quickVoterToken(t: TestApp): Promise<string> {
  return solve(await createChallenge({ hmacKey: t.config.altchaHmacKey, maxNumber: 1000, expires: new Date(Date.now() + 60_000) }));
}
