/**
 * A small in-process scheduler for background jobs: runs a task every interval, never two
 * runs of it at once, and logs a failed run instead of stopping. Jobs must be safe to run on
 * several processes at once (they guard their rows in SQL), so no leader is needed.
 */
export interface ScheduledJob {
  stop(): void;
}

export function runEvery(
  intervalMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): ScheduledJob {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  // A pending job never keeps the process alive on its own.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
