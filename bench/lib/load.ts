/**
 * HTTP load with autocannon: a warm-up run whose numbers are dropped, then the measured run.
 * Failed requests (connection errors, timeouts, non-2xx answers) are counted and shown beside
 * the throughput: a fast error page is not a result.
 */
import autocannon from "autocannon";

export const LOAD_SETTINGS = { connections: 50, durationSeconds: 10, warmUpSeconds: 3 } as const;

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests that failed during the measured run: errors, timeouts and non-2xx answers. */
  failed: number;
}

function run(target: LoadTarget, durationSeconds: number) {
  return autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: LOAD_SETTINGS.connections,
    duration: durationSeconds,
  });
}

export async function measureLoad(target: LoadTarget): Promise<LoadResult> {
  await run(target, LOAD_SETTINGS.warmUpSeconds);
  const result = await run(target, LOAD_SETTINGS.durationSeconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts timeouts among its errors.
    failed: result.errors + result.non2xx,
  };
}

/** One request, checked, for sizing the baseline and failing early on a broken target. */
export async function fetchOnce(target: LoadTarget): Promise<string> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  const body = await response.text();
  if (!response.ok) throw new Error(`${target.url} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}
