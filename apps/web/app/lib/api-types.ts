/**
 * Response shapes of the API routes the storefront calls, taken as types only from the API's
 * schemas (no zod reaches the browser bundle). Money fields are integer minor units in the
 * object's `currency`.
 */
import type { DealSummary } from "@deals/api/modules/deals/schemas";

export type {
  DealDetail,
  DealListResponse,
  DealProduct,
  DealSummary,
} from "@deals/api/modules/deals/schemas";
export type { Location, LocationList } from "@deals/api/modules/locations/schemas";
export type { NavItem, NavigationList } from "@deals/api/modules/navigation/schemas";

export type DealImage = NonNullable<DealSummary["image"]>;
