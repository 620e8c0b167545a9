/**
 * Runs `job` every `intervalMs` (first run after one interval), never two at once: a tick that finds the previous
 * run still going is skipped. A failed run goes to `onError` and the next tick tries again. The timer does not keep
 * the process alive. Answers a function that stops it.
 */
export function startPeriodic(intervalMs: number, job: () => Promise<unknown>, onError: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await job();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
