import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool (four threads by default), each taking one core for about 20 ms. On a
 * 2-core server four sign-ins at once took both cores from the event loop and PostgreSQL: every other request
 * waited (issue 11). At most one core fewer than the machine has (at least one) hashes at a time; the others wait
 * their turn, first come first served. The cost of each hash is unchanged.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_CONCURRENT_HASHES) hashing++;
  // A finishing hash hands its place straight to the next in line.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

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
