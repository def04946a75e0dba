/**
 * The travel sub-menu of travel pages (product.md §2 "Header navigation"): the escapes
 * entry's groups, International Travel then UK Travel on UK sites and Ireland Travel then
 * International Travel on Irish sites, each with the destinations under it.
 */
import type { Brand, CountryCode } from "@deals/domain/brand";
import { TRAVEL_CATEGORY_IDS } from "@deals/domain/constants";
import type { ApiClient } from "./api.ts";
import type { NavItem } from "./api-types.ts";

export interface TravelMenuLink {
  name: string;
  url: string;
}

export interface TravelMenuGroup extends TravelMenuLink {
  id: number;
  items: TravelMenuLink[];
}

export interface TravelMenu {
  /** The escapes page: "All travel deals". */
  allUrl: string;
  groups: TravelMenuGroup[];
}

const ESCAPES_URL = "/deals/escapes";
/** The API's listing segment for escapes. */
const TRAVEL_SEGMENT = "travel";

/** UK sites lead with International Travel; Irish sites put it after their own country's. */
export function travelGroupsInOrder<G extends { id: number }>(
  groups: readonly G[],
  country: CountryCode,
): G[] {
  const international = groups.filter((group) => group.id === TRAVEL_CATEGORY_IDS.international);
  const home = groups.filter((group) => group.id !== TRAVEL_CATEGORY_IDS.international);
  return country === "ie" ? [...home, ...international] : [...international, ...home];
}

/** The menu, or null when the navigation has no escapes entry or cannot be loaded. */
export async function loadTravelMenu(api: ApiClient, brand: Brand): Promise<TravelMenu | null> {
  try {
    const { navigations } = await api.navigations(brand.defaultLocation);
    const escapes = navigations.find((item) => item.url === ESCAPES_URL);
    if (!escapes) return null;
    const groups = await Promise.all(
      travelGroupsInOrder(escapes.subNavigations, brand.countryCode).map(async (group: NavItem) => {
        const listing = await api.deals([TRAVEL_SEGMENT, group.shortName], { page: 0, pageSize: 1 });
        return {
          id: group.id,
          name: group.linkText,
          url: group.url,
          items: listing.facetedNavigation.navigations.map((item) => ({
            name: item.linkText,
            url: `${group.url}/${item.shortName}`,
          })),
        };
      }),
    );
    return { allUrl: escapes.url, groups };
  } catch (error) {
    // services.md §8: a menu failure leaves the menu out, never the page.
    console.warn("travel menu unavailable", error);
    return null;
  }
}
