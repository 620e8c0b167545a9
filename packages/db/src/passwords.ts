import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { semaphore } from './semaphore';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool (four threads by default), each taking one core for about 20 ms. On a
 * 2-core server four sign-ins at once took both cores from the event loop and PostgreSQL: every other request
 * waited (issue 11). At most one core fewer than the machine has (at least one) hashes at a time; the others wait
 * their turn, first come first served. The cost of each hash is unchanged.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
const inTurn = semaphore(MAX_CONCURRENT_HASHES);

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, options));
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(hashed, password));
  } catch {
    return false;
  }
}
