import type { Brand } from "@deals/domain/brand";
import { chooseLocation } from "@deals/domain/location";
import type { AuthState } from "@deals/domain/login-redirect";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import siteNavIsland from "../islands/site-nav.ts?worker&url";
import type { NavItem } from "../lib/api-types.ts";
import { localisedNavigation, selectedNavItem } from "../lib/navigation.ts";
import { savedLocationFromCookies } from "../lib/saved-location.ts";
import { HeaderAccount } from "./account/HeaderAccount.tsx";
import { HeaderBasket } from "./HeaderBasket.tsx";
import { Island } from "./Island.tsx";
import { Link } from "./Link.tsx";
import { LocationPicker, type PickerLocation } from "./LocationPicker.tsx";
import { Logo } from "./Logo.tsx";
import { SearchBox } from "./SearchBox.tsx";
import { SiteNav } from "./SiteNav.tsx";

/** The location the shell was rendered for, and whether the request named it (URL or `/`). */
export interface ShellLocation extends PickerLocation {
  fromRequest: boolean;
}

interface SiteHeaderProps {
  brand: Brand;
  location: ShellLocation | undefined;
  navigations: NavItem[];
  locations: PickerLocation[] | null;
  /** The saved location cookie's name. */
  locationCookie: string;
  auth?: AuthState | undefined;
  /** Items in the shopper's basket (0 without one). */
  basketCount?: number;
  /** The page hydrates: the saved location can be read once it mounts. */
  hydrate: boolean;
}

/**
 * The location the header shows. A page whose address names no location was rendered for
 * the brand's default; once mounted, the shopper's saved location (if still eligible)
 * takes its place (product.md §2: the local entry shows a placeholder until mounted).
 */
function useShownLocation(
  shell: ShellLocation | undefined,
  locations: PickerLocation[] | null,
  brand: Brand,
  cookieName: string,
  readSaved: boolean,
) {
  const [saved, setSaved] = useState<PickerLocation | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    if (!readSaved) return setSaved(null);
    const choice = chooseLocation({
      saved: savedLocationFromCookies(document.cookie, cookieName),
      eligible: locations,
      urlLocation: null,
      brand,
    });
    setSaved(locations?.find((location) => location.shortName === choice.shortName) ?? null);
  }, [readSaved, locations, brand, cookieName]);
  return { shown: saved ?? shell, pending: readSaved && !mounted };
}

export function SiteHeader({
  brand,
  location,
  navigations,
  locations,
  locationCookie,
  auth,
  basketCount = 0,
  hydrate,
}: SiteHeaderProps) {
  const { pathname } = useLocation();
  const readSaved = hydrate && location !== undefined && !location.fromRequest;
  const { shown, pending } = useShownLocation(location, locations, brand, locationCookie, readSaved);
  const items =
    location && shown && shown.shortName !== location.shortName
      ? localisedNavigation(navigations, location.shortName, shown)
      : navigations;
  const showVipIcon = Boolean(auth?.isAuthCheckFinished && !auth.userprofile?.vipUser);
  return (
    <header className="site-header" data-site-header>
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo">
          <Logo brand={brand} />
        </Link>
        {shown && <LocationPicker current={shown} locations={locations} pending={pending} />}
        <SearchBox brand={brand} location={shown?.shortName ?? brand.defaultLocation} />
        <HeaderAccount brand={brand} auth={auth} />
        <HeaderBasket count={basketCount} />
      </div>
      {items.length > 0 && (
        <SiteNav
          items={items}
          selectedId={selectedNavItem(items, pathname)?.id ?? null}
          showVipIcon={showVipIcon}
          localPending={pending}
        />
      )}
      <Island src={siteNavIsland} />
    </header>
  );
}
