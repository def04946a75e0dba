/**
 * Every benchmark suite, in the order they run. A new suite (search, checkout race, bundle
 * size, Lighthouse) is a file beside this one, added to the list.
 */
import type { Suite } from "../lib/suite.ts";
import { homeRender } from "./home-render.ts";
import { listing } from "./listing.ts";

export const SUITES: readonly Suite[] = [listing, homeRender];
