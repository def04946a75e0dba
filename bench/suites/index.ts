/**
 * Every benchmark suite, in the order they run. A new suite (search, checkout race, bundle
 * size, Lighthouse) is a file beside this one, added to the list.
 */
import type { MetricSuite } from "../lib/metric.ts";
import type { Suite } from "../lib/suite.ts";
import { calendar } from "./calendar.ts";
import { discoveryPages, homepage } from "./discovery.ts";
import { homeRender } from "./home-render.ts";
import { lighthouse } from "./lighthouse.ts";
import { listing } from "./listing.ts";
import { listingOrigin, pagesOrigin, searchOrigin } from "./origin.ts";
import { pageWeight } from "./page-weight.ts";
import { search } from "./search.ts";

export const SUITES: readonly Suite[] = [
  listing,
  search,
  homeRender,
  listingOrigin,
  searchOrigin,
  pagesOrigin,
  homepage,
  calendar,
];

/** Suites measuring what a browser receives, run after the load suites. */
export const METRIC_SUITES: readonly MetricSuite[] = [pageWeight, lighthouse, discoveryPages];
