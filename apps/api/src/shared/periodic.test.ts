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

/** A logger shaped like pino's (child, error, debug) that keeps what was written. */
function capturingLog(lines: Record<string, unknown>[], bindings: Record<string, unknown> = {}): never {
  const write = (level: string) => (obj: object, msg?: string) => lines.push({ level, ...bindings, ...obj, msg });
  return {
    child: (more: Record<string, unknown>) => capturingLog(lines, { ...bindings, ...more }),
    error: write('error'),
    debug: write('debug'),
    info: write('info'),
  } as never;
}

describe('startPeriodic: stopping, success times and logs', () => {
  it('stop() waits for the run in progress and starts no other', async () => {
    let runs = 0;
    let finished = 0;
    const stop = startPeriodic(
      10,
      async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 150));
        finished++;
      },
      () => {},
    );
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(runs).toBe(1);
    expect(finished).toBe(0);
    await stop();
    expect(finished).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
  });

  it('reports each successful run by name, and logs a failed one through the job logger instead of onError', async () => {
    const successes: string[] = [];
    const lines: Record<string, unknown>[] = [];
    const onError: unknown[] = [];
    let run = 0;
    const stop = startPeriodic(
      10,
      async () => {
        run++;
        if (run === 1) throw new Error('Connection terminated unexpectedly');
      },
      (error) => onError.push(error),
      {
        name: 'referee-reminders',
        hooks: { log: capturingLog(lines), succeeded: (job, at) => successes.push(`${job}@${at instanceof Date}`) },
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    expect(onError).toEqual([]);
    expect(lines[0]).toMatchObject({ level: 'error', job: 'referee-reminders', msg: 'run failed', err: expect.any(Error) });
    expect(successes.length).toBe(run - 1);
    expect(successes[0]).toBe('referee-reminders@true');
  });
});
