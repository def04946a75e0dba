import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runEvery } from "./scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("runEvery", () => {
  it("runs the task every interval, never two runs at once, until stopped", async () => {
    let running = 0;
    let started = 0;
    let release: () => void = () => {};
    const job = runEvery(
      1000,
      () => {
        started++;
        running++;
        return new Promise<void>((resolve) => {
          release = () => {
            running--;
            resolve();
          };
        });
      },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(started).toBe(1);
    expect(running).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    release();
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it("reports a failed run and keeps going", async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const job = runEvery(
      1000,
      async () => {
        runs++;
        throw new Error("boom");
      },
      (error) => failures.push(error),
    );
    await vi.advanceTimersByTimeAsync(2000);
    job.stop();
    expect(runs).toBe(2);
    expect(failures).toHaveLength(2);
  });
});
