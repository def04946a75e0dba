/**
 * HTTP load with autocannon: a warm-up run whose numbers are dropped, then the measured run.
 * Failed requests (connection errors, timeouts, non-2xx answers) are counted and shown beside
 * the throughput: a fast error page is not a result.
 *
 * Targets compared with each other (a cached answer and the bare route, two catalogue sizes)
 * are measured in turn, round after round (`measureInTurn`).
 *
 * BENCH_SECONDS and BENCH_WARM_UP_SECONDS shorten the runs while iterating on one suite
 * (`BENCH_SECONDS=3 npm run bench listing-origin`); published figures use the defaults.
 */
import { setTimeout as sleep } from "node:timers/promises";
import autocannon, { type Result } from "autocannon";

function secondsFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const seconds = Number(text);
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`${name} must be a whole number of seconds`);
  return seconds;
}

export const LOAD_SETTINGS = {
  connections: 50,
  durationSeconds: secondsFromEnv("BENCH_SECONDS", 10),
  // A server just started is still getting faster for several seconds: after 3 s the listing
  // API served 564 requests in the measured run's first second and 853 in its last
  // (docs/scaling.md "Connections accepted in turn, and a warm server"). The figures are of a
  // warm server.
  warmUpSeconds: secondsFromEnv("BENCH_WARM_UP_SECONDS", 10),
  /** Targets measured in turn: this many rounds, each target half the run's seconds in each. */
  rounds: 4,
} as const;

export interface LoadTarget {
  url: string;
  headers?: Record<string, string>;
  /**
   * Paths on `url`'s server asked for in turn, one per request, so that each request is a
   * different page (the long tail a cache does not hold); without them every request is `url`.
   */
  paths?: readonly string[];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests that failed during the measured run: errors, timeouts and non-2xx answers. */
  failed: number;
}

function run(target: LoadTarget, durationSeconds: number) {
  const { paths } = target;
  let next = 0;
  const requests = paths
    ? [{ setupRequest: (request: object) => ({ ...request, path: paths[next++ % paths.length] }) }]
    : undefined;
  return autocannon({
    url: target.url,
    headers: target.headers ?? {},
    connections: LOAD_SETTINGS.connections,
    duration: durationSeconds,
    ...(requests ? { requests } : {}),
  });
}

/**
 * The warm-up stops with up to one request per connection unanswered. The server still serves
 * them (it learns a client has gone only when it next reads the socket), and a measured run
 * started at once found them ahead of it: on PGlite its first requests then came back one by
 * one over the whole run (p99 about 7 s, where the same run after a pause measured 1 s).
 */
const SETTLE_MS = 3000;

export async function measureLoad(target: LoadTarget): Promise<LoadResult> {
  await run(target, LOAD_SETTINGS.warmUpSeconds);
  await sleep(SETTLE_MS);
  const result = await run(target, LOAD_SETTINGS.durationSeconds);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts timeouts among its errors.
    failed: result.errors + result.non2xx,
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * A turn's lead-in, loaded and not measured, and the pause after each run of a turn for the
 * requests it left unanswered to finish. Between its turns a server stands idle for as long as
 * the others' take, longer than the seconds the catalogue's reads are kept (`KeptBriefly`,
 * ten), so without a lead-in each turn began by reading them all again at once, which steady
 * traffic never does: at 50,000 deals that alone made the search API's p99 two times longer on
 * PostgreSQL and four times on PGlite.
 */
const LEAD_IN_SECONDS = 2;
const TURN_SETTLE_MS = 1000;

export interface InTurn {
  /** Each target over its rounds: the mean rate, the median p50 and p99, every failure. */
  results: LoadResult[];
  /**
   * The median over the rounds of each target's rate against the first target's in the same
   * round: the share of it each measured while the machine ran at the same speed.
   */
  rateShares: number[];
}

/**
 * Targets measured in turn: each warmed up, then `LOAD_SETTINGS.rounds` rounds in which each is
 * loaded for a lead-in and then, measured, for half the run's seconds, the order reversed every
 * other round. A shared machine's speed moves by a quarter from one minute to the next
 * (docs/scaling.md "Answers counted in plain numbers"); two targets measured minutes apart read
 * that move as a difference between them, where measured in turn each meets it alike and the
 * medians of their rounds leave it out.
 */
export async function measureInTurn(targets: readonly LoadTarget[]): Promise<InTurn> {
  const warmUpSeconds = Math.ceil(LOAD_SETTINGS.warmUpSeconds / 2);
  const roundSeconds = Math.ceil(LOAD_SETTINGS.durationSeconds / 2);
  for (const target of targets) {
    await run(target, warmUpSeconds);
    await sleep(SETTLE_MS);
  }
  const rounds = targets.map(() => [] as Result[]);
  for (let round = 0; round < LOAD_SETTINGS.rounds; round++) {
    const order = targets.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      await run(targets[index]!, LEAD_IN_SECONDS);
      await sleep(TURN_SETTLE_MS);
      rounds[index]!.push(await run(targets[index]!, roundSeconds));
      await sleep(TURN_SETTLE_MS);
    }
  }
  const results = rounds.map((each) => ({
    requestsPerSecond: each.reduce((sum, result) => sum + result.requests.average, 0) / each.length,
    p50Ms: median(each.map((result) => result.latency.p50)),
    p99Ms: median(each.map((result) => result.latency.p99)),
    failed: each.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
  }));
  const rateShares = rounds.map((each) =>
    median(each.map((result, round) => result.requests.average / rounds[0]![round]!.requests.average)),
  );
  return { results, rateShares };
}

/** How the targets are loaded, for the report's heading. */
export function loadDescription(): string {
  const { connections, durationSeconds, warmUpSeconds, rounds } = LOAD_SETTINGS;
  return (
    `${connections} connections; one target ${durationSeconds} s after a ${warmUpSeconds} s warm-up; ` +
    `targets in turn ${rounds} rounds of ${Math.ceil(durationSeconds / 2)} s, each after a ${LEAD_IN_SECONDS} s lead-in`
  );
}

/** One request, checked, for sizing the baseline and failing early on a broken target. */
export async function fetchOnce(target: LoadTarget): Promise<string> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  const body = await response.text();
  if (!response.ok) throw new Error(`${target.url} answered ${response.status}: ${body.slice(0, 200)}`);
  return body;
}

/** Checks every path answers 2xx once (a broken URL list would measure error pages). */
export async function checkPaths(target: LoadTarget & { paths: readonly string[] }): Promise<void> {
  for (const path of target.paths) await fetchOnce({ url: `${target.url}${path}`, headers: target.headers });
}

/** The paths that answer 200, in order: a smaller catalogue has fewer pages of some locations. */
export async function pathsAnswering(target: LoadTarget & { paths: readonly string[] }): Promise<string[]> {
  const kept: string[] = [];
  for (const path of target.paths) {
    const response = await fetch(`${target.url}${path}`, { headers: target.headers ?? {} });
    await response.arrayBuffer();
    if (response.status === 200) kept.push(path);
  }
  if (kept.length === 0) throw new Error(`None of ${target.paths.length} paths answered 200`);
  return kept;
}
