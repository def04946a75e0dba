/**
 * Response shapes of the API routes the storefront calls, taken as types only from the API's
 * schemas (no zod reaches the browser bundle). Money fields are integer minor units in the
 * object's `currency`.
 */
import type { DealSummary, recordedSchema } from "@deals/api/modules/deals/schemas";
import type { availabilitySchema, flightSchema } from "@deals/api/modules/travel/schemas";
import type { z } from "zod";

export type {
  DealDetail,
  DealList,
  DealListResponse,
  DealProduct,
  DealSummary,
  DealUrlResolution,
  SearchResult,
  SocialCue,
  SponsoredDeal,
} from "@deals/api/modules/deals/schemas";
export type { Homepage, HomepageCollectionRow } from "@deals/api/modules/homepage/schemas";
export type { Location, LocationList } from "@deals/api/modules/locations/schemas";
export type { NavItem, NavigationList } from "@deals/api/modules/navigation/schemas";
export type { ReviewSort, ReviewsResponse, ReviewsSummary } from "@deals/api/modules/reviews/schemas";
export type { Suggestions, TopSearches } from "@deals/api/modules/search/schemas";
export type { Site } from "@deals/api/modules/sites/schemas";
export type { AdEvents, SponsoredSession } from "@deals/api/modules/sponsored/schemas";
export type { Guide, StaticPage } from "@deals/api/modules/static-pages/schemas";

/** A calendar deal's nights and months, and a package's flights (services.md §7 "Availability", "Flights"). */
export type Availability = z.infer<typeof availabilitySchema>["data"];
export type CalendarDay = Availability["calendarDateViewVOList"][number];
export type Flight = z.infer<typeof flightSchema>;
export type { Tile } from "@deals/api/modules/tiles/schemas";

export type DealImage = NonNullable<DealSummary["image"]>;

/** The answer of the event-recording routes (impressions): how many were counted. */
export type Recorded = z.infer<typeof recordedSchema>;
