/**
 * A benchmark suite: one file in bench/suites, listed in bench/suites/index.ts. Suites share
 * one running marketplace per engine and response-cache setting on the benchmark catalogue,
 * and the bare-route baseline measured before them, and report rows for the results table.
 */
import type { BrandId } from "@deals/domain/brand";
import { BRANDS } from "@deals/domain/brand";
import type { BenchEngine } from "./catalogue.ts";
import { type LoadResult, type LoadTarget, measureLoad } from "./load.ts";

export interface BenchContext {
  /** The marketplace under test, e.g. http://127.0.0.1:41234. */
  appUrl: string;
  /** The bare Fastify route returning a fixed JSON of the listing response's size. */
  baseline: LoadResult;
  /**
   * The bare route measured again now: a suite whose target is a share of it (the cached
   * answers, ≥ 90 %) measures it beside each row, since a shared machine's speed moves from
   * one minute to the next.
   */
  measureBaseline(): Promise<LoadResult>;
  engine: BenchEngine;
  /** The session cookie value of a signed-in shopper of the main UK site. */
  shopperSid: string;
}

export interface BenchRow extends LoadResult {
  suite: string;
  engine: BenchEngine | "-";
  target: string;
  ratioToBaseline: number;
}

export interface Suite {
  name: string;
  /**
   * Whether the marketplace keeps anonymous answers in memory (its default) or not
   * (RESPONSE_CACHE_TTL_MS=0: every request reaches the origin, as the long tail does).
   */
  responseCache: boolean;
  run(context: BenchContext): Promise<BenchRow[]>;
}

/** The API's brand headers for a site (contracts.md "Request headers on /v1/*"). */
export function brandHeaders(brandId: BrandId): Record<string, string> {
  const brand = BRANDS[brandId];
  return { accept: "application/json", brand: brand.key, "country-code": brand.countryCode };
}

/** The same headers with the shopper's session cookie (a signed-in shopper). */
export function signedIn(headers: Record<string, string>, sid: string): Record<string, string> {
  return { ...headers, cookie: `sid=${sid}` };
}

/** `load` measured beside a baseline of its own: the baseline's row, then `load`'s read against it. */
export async function rowBesideBaseline(
  suite: string,
  label: string,
  load: LoadTarget,
  context: BenchContext,
): Promise<BenchRow[]> {
  const baseline = await context.measureBaseline();
  const result = await measureLoad(load);
  return [
    row("baseline", "bare Fastify route, measured just before the next row", baseline, { baseline }),
    row(suite, label, result, { baseline, engine: context.engine }),
  ];
}

export function row(
  suite: string,
  target: string,
  result: LoadResult,
  context: { baseline: LoadResult; engine?: BenchEngine },
): BenchRow {
  return {
    suite,
    engine: context.engine ?? "-",
    target,
    ...result,
    ratioToBaseline: result.requestsPerSecond / context.baseline.requestsPerSecond,
  };
}
