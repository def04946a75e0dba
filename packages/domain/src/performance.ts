/**
 * The performance flag (services.md §9): `?performanceCheck=true` marks a measurement run,
 * so the storefront can leave out third-party tags that would distort it.
 */
import { PERFORMANCE_CHECK_QUERY } from "./constants.ts";
import { toSearchParams } from "./query-params.ts";

/** True only for performanceCheck=true exactly (case aside). */
export function isPerformanceCheck(query: unknown): boolean {
  return toSearchParams(query).get(PERFORMANCE_CHECK_QUERY)?.toLowerCase() === "true";
}
