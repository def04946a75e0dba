/**
 * A benchmark suite: one file in bench/suites, listed in bench/suites/index.ts. Suites share
 * one running marketplace on the benchmark catalogue and the bare-route baseline measured
 * before them, and report rows for the results table.
 */
import type { BrandId } from "@deals/domain/brand";
import { BRANDS } from "@deals/domain/brand";
import type { LoadResult } from "./load.ts";

export interface BenchContext {
  /** The marketplace under test, e.g. http://127.0.0.1:41234. */
  appUrl: string;
  /** The bare Fastify route returning a fixed JSON of the listing response's size. */
  baseline: LoadResult;
}

export interface BenchRow extends LoadResult {
  suite: string;
  target: string;
  ratioToBaseline: number;
}

export interface Suite {
  name: string;
  run(context: BenchContext): Promise<BenchRow[]>;
}

/** The API's brand headers for a site (contracts.md "Request headers on /v1/*"). */
export function brandHeaders(brandId: BrandId): Record<string, string> {
  const brand = BRANDS[brandId];
  return { accept: "application/json", brand: brand.key, "country-code": brand.countryCode };
}

export function row(suite: string, target: string, result: LoadResult, baseline: LoadResult): BenchRow {
  return { suite, target, ...result, ratioToBaseline: result.requestsPerSecond / baseline.requestsPerSecond };
}
