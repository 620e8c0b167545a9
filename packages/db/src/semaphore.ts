/**
 * At most `max` tasks at once; the others wait their turn, first come first served. For work whose memory
 * grows with every concurrent caller (decoding images, parsing PDFs, hashing passwords).
 */
export function semaphore(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++;
    // A finishing task hands its place straight to the next in line, so `active` never drops in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
