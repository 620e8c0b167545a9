import { describe, expect, it } from 'vitest';
import { startPeriodic } from './periodic';

describe('startPeriodic', () => {
  it('keeps running after a failed run (a database outage), reporting each failure', async () => {
    const outcomes: string[] = [];
    const errors: unknown[] = [];
    let run = 0;
    const stop = startPeriodic(
      10,
      async () => {
        run++;
        if (run <= 3) throw new Error('Connection terminated unexpectedly');
        outcomes.push(`ok ${run}`);
      },
      (error) => errors.push(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(errors).toHaveLength(3);
    expect(outcomes.length).toBeGreaterThan(2);
  });
});
