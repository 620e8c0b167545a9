import { describe, expect, it } from 'vitest';
import { semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('semaphore', () => {
  it('runs at most `max` tasks at once, in the order they came, and passes results and errors through', async () => {
    const run = semaphore(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      active++;
      peak = Math.max(peak, active);
      await tick();
      await tick();
      active--;
      if (n === 3) throw new Error('task 3 failed');
      return n * 10;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => run(task(n))));
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'task 3 failed',
      40,
      50,
      60,
    ]);
    // Every place was given back: the next batch runs two at once again.
    peak = 0;
    await Promise.all([7, 8].map((n) => run(task(n))));
    expect(peak).toBe(2);
  });
});
