/**
 * A benchmark suite: one file in bench/suites, listed in bench/suites/index.ts. Suites share
 * one running marketplace per engine and response-cache setting on the benchmark catalogue,
 * and the bare-route baseline measured before them, and report rows for the results table.
 */
import type { BrandId } from "@deals/domain/brand";
import { BRANDS } from "@deals/domain/brand";
import type { BenchEngine } from "./catalogue.ts";
import { type LoadResult, type LoadTarget, measureInTurn } from "./load.ts";

/** A marketplace serving a catalogue: where it answers, and its signed-in shopper. */
export interface ServedCatalogue {
  /** e.g. http://127.0.0.1:41234 */
  appUrl: string;
  deals: number;
  /** The session cookie value of a signed-in shopper of the main UK site. */
  shopperSid: string;
}

export interface BenchContext extends ServedCatalogue {
  /** The bare Fastify route returning a fixed JSON of the listing response's size. */
  baseline: LoadResult;
  /**
   * The bare route, serving while the suites run: a suite whose target is a share of it (the
   * cached answers, ≥ 90 %) measures it in turn with each row, since a shared machine's speed
   * moves from one minute to the next.
   */
  baselineTarget: LoadTarget;
  engine: BenchEngine;
  /**
   * Beside the origin suites, the same marketplace on the 3,000-deal catalogue (unless the
   * benchmark's own is that size), measured in turn with the larger to show latency stays flat.
   */
  smaller?: ServedCatalogue;
}

export interface BenchRow extends LoadResult {
  suite: string;
  engine: BenchEngine | "-";
  target: string;
  /** The catalogue measured, for the rows measured on two (origin suites). */
  deals?: number;
  ratioToBaseline: number;
}

export interface Suite {
  name: string;
  /**
   * Whether the marketplace keeps anonymous answers in memory (its default) or not
   * (RESPONSE_CACHE_TTL_MS=0: every request reaches the origin, as the long tail does).
   */
  responseCache: boolean;
  /** Whether it measures the 3,000-deal catalogue in turn with the benchmark's (`context.smaller`). */
  bothSizes?: boolean;
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

/**
 * `load` and the bare route measured in turn: the baseline's row, then `load`'s, whose share of
 * the baseline is the median of their rounds' (`measureInTurn`).
 */
export async function rowBesideBaseline(
  suite: string,
  label: string,
  load: LoadTarget,
  context: BenchContext,
): Promise<BenchRow[]> {
  const { results, rateShares } = await measureInTurn([context.baselineTarget, load]);
  const [baseline, result] = results as [LoadResult, LoadResult];
  return [
    row("baseline", "bare Fastify route, measured in turn with the next row", baseline, { baseline }),
    { ...row(suite, label, result, { baseline, engine: context.engine }), ratioToBaseline: rateShares[1]! },
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
