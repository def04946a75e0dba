/**
 * The shell's location, the brand's locations for the picker, and the theme
 * (product.md §2 "App shell", §4 "Location selection").
 */
import type { Brand } from "@deals/domain/brand";
import { EXIT_PROMO_CODE } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";
import { type PageType, pageTypeFor } from "@deals/domain/page-type";
import { type Theme, themeFor } from "@deals/domain/theme";
import type { Params } from "react-router";
import type { ShellLocation } from "../components/SiteHeader.tsx";
import type { ApiClient } from "./api.ts";
import type { Location } from "./api-types.ts";
import { eligibleLocations, homeLocation, LOCATION_COOKIE } from "./location.server.ts";
import { siteLookupFor } from "./theme.server.ts";

export interface Shell {
  /** The page leaves the location choice and the category menu out. */
  skipsMenu: boolean;
  location: ShellLocation;
  locations: { shortName: string; name: string }[] | null;
  locationCookie: string;
  theme: Theme;
  /** The smart banner's dismissal cookie. */
  smartBannerCookie: { name: string; maxAgeSeconds: number };
  exitPromo: { code: string; termsHref: string };
}

/** Page types whose shell loads no location list or menu (product.md §2 "App shell"). */
const NO_MENU_PAGE_TYPES: readonly (PageType | null)[] = ["ppc", "order-addon", "myaccount", "vouchers"];

export function shellSkipsMenu(pathname: string): boolean {
  return NO_MENU_PAGE_TYPES.includes(pageTypeFor(pathname));
}

/** Where the exit promo's "For full T&Cs Click Here" leads. */
const PROMO_TERMS_PATH = "/page/termsofuse";

/**
 * The header's location: the one in the address, the chosen one on `/`, else the brand's
 * default (the page then shows the saved one once it mounts).
 */
export async function loadShell(
  request: Request,
  params: Params,
  api: ApiClient,
  brand: Brand,
): Promise<Shell> {
  const url = new URL(request.url);
  const { pathname } = url;
  const skipsMenu = shellSkipsMenu(pathname);
  const [eligible, siteLookup] = await Promise.all([
    skipsMenu ? null : eligibleLocations(api),
    siteLookupFor(url, api),
  ]);
  const onHome = pathname === "/";
  const wanted = onHome ? homeLocation(request, brand, eligible).shortName : params.location?.toLowerCase();
  const named = wanted ? eligible?.find((location) => location.shortName === wanted) : undefined;
  const location = named ?? (await api.location(brand.defaultLocation));
  return {
    skipsMenu,
    location: { shortName: location.shortName, name: location.name, fromRequest: named !== undefined },
    locations: eligible ? pickerLocations(eligible) : null,
    locationCookie: LOCATION_COOKIE,
    theme: themeFor({ brand, now: new Date(), localDealLocation: params.location ?? null, siteLookup }),
    smartBannerCookie: {
      name: COOKIES.smartBannerDismissed.name,
      maxAgeSeconds: COOKIES.smartBannerDismissed.maxAgeSeconds ?? 0,
    },
    exitPromo: { code: EXIT_PROMO_CODE, termsHref: PROMO_TERMS_PATH },
  };
}

/**
 * The picker's part of each location, made once per location list: pages share the list for a
 * few seconds, and the picker's markup is found by its list (lib/static-markup.ts `partKey`).
 */
const pickerLists = new WeakMap<readonly Location[], NonNullable<Shell["locations"]>>();
function pickerLocations(eligible: readonly Location[]): NonNullable<Shell["locations"]> {
  let list = pickerLists.get(eligible);
  if (list === undefined) {
    list = eligible.map(({ shortName, name }) => ({ shortName, name }));
    pickerLists.set(eligible, list);
  }
  return list;
}
