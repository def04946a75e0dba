/**
 * Response shapes of the API routes the storefront calls, taken as types only from the API's
 * schemas (no zod reaches the browser bundle). Money fields are integer minor units in the
 * object's `currency`.
 */
export type {
  DealDetail,
  DealListResponse,
  DealProduct,
  DealSummary,
} from "@deals/api/modules/deals/schemas";
export type { Location, LocationList as LocationsResponse } from "@deals/api/modules/locations/schemas";

import type { DealSummary } from "@deals/api/modules/deals/schemas";

export type DealImage = NonNullable<DealSummary["image"]>;

/** GET /v1/navigations (contracts.md "apps/api"). */
export interface NavItem {
  id: number;
  shortName: string;
  linkText: string;
  url: string;
  isLocal: boolean;
  isLocalLink: boolean;
  subNavigations: NavItem[];
}

export interface NavigationsResponse {
  navigations: NavItem[];
}
