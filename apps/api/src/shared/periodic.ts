import type { FastifyBaseLogger } from 'fastify';

/** What the process gives its background jobs: the app's logger and where to report a successful run. */
export interface JobHooks {
  /** The app's pino logger; each job logs through a child with a `job` field. */
  log?: FastifyBaseLogger;
  /** Told after every run that finished without throwing (the metrics' last-success time). */
  succeeded?: (job: string, at: Date) => void;
}

/** Stops the timer; the promise settles once a run in progress has finished. */
export type StopPeriodic = () => Promise<void>;

/**
 * Runs `job` every `intervalMs` (first run after one interval), never two at once: a tick that finds the previous
 * run still going is skipped. A failed run is logged through `hooks.log` (a child with `job: name`) or, without a
 * logger, goes to `onError`; the next tick tries again. The timer does not keep the process alive. Answers a
 * function that stops it and waits for a run in progress (graceful shutdown).
 */
export function startPeriodic(
  intervalMs: number,
  job: () => Promise<unknown>,
  onError: (error: unknown) => void,
  options: { name?: string; hooks?: JobHooks } = {},
): StopPeriodic {
  const name = options.name ?? 'job';
  const log = options.hooks?.log?.child({ job: name });
  let current: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    try {
      const result = await job();
      options.hooks?.succeeded?.(name, new Date());
      log?.debug({ result }, 'run finished');
    } catch (error) {
      if (log) log.error({ err: error }, 'run failed');
      else onError(error);
    }
  };
  const timer = setInterval(() => {
    if (current || stopped) return;
    current = run().finally(() => {
      current = null;
    });
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
}
