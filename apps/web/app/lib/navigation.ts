/**
 * The header navigation's choices (product.md §2 "Header navigation"): which entry is
 * selected, which entries carry an icon, and the local entries' links for the shopper's
 * saved location. Browser-safe: no zod, nothing server-only.
 */
import type { NavItem } from "./api-types.ts";

export type NavIcon = "gift" | "vip";

const GIFT_URLS = ["/gifts"];
const GIFT_FINDER_SEGMENT = "gift-finder";
const VIP_URL = "/deals/vip";

/** Gifts and the gift finder show a gift icon; the VIP entry its own, to non-VIP shoppers. */
export function navItemIcon(item: Pick<NavItem, "url">, showVipIcon: boolean): NavIcon | null {
  const path = item.url.split("?")[0] ?? "";
  if (GIFT_URLS.includes(path) || path.split("/").includes(GIFT_FINDER_SEGMENT)) return "gift";
  if (path === VIP_URL) return showVipIcon ? "vip" : null;
  return null;
}

/** True when `path` is `base` or lies under it, segment by segment. */
export function isWithin(path: string, base: string): boolean {
  const tidy = (p: string) => p.replace(/\/+$/, "").toLowerCase();
  const [p, b] = [tidy(path), tidy(base)];
  return p === b || p.startsWith(`${b}/`);
}

/**
 * The entry the page belongs to: the one whose link is the longest start of the path. The
 * local entry (the location homepage) counts only on that page itself.
 */
export function selectedNavItem(items: readonly NavItem[], pathname: string): NavItem | null {
  let best: NavItem | null = null;
  for (const item of items) {
    const path = item.url.split("?")[0] ?? item.url;
    const matches = item.isLocalLink
      ? isWithin(path, pathname) && isWithin(pathname, path)
      : isWithin(pathname, path);
    if (matches && (!best || path.length > best.url.length)) best = item;
  }
  return best;
}

/** A local link moved from one location to another: /deals/london/spa → /deals/leeds/spa. */
export function localisedUrl(url: string, from: string, to: string): string {
  const base = `/deals/${from}`;
  if (from === to || !isWithin(url.split("?")[0] ?? url, base)) return url;
  return `/deals/${to}${url.slice(base.length)}`;
}

/** The navigation with its local entries pointing at another location. */
export function localisedNavigation(
  items: readonly NavItem[],
  from: string,
  to: { shortName: string; name: string },
): NavItem[] {
  return items.map((item) => ({
    ...item,
    url: item.isLocal ? localisedUrl(item.url, from, to.shortName) : item.url,
    linkText: item.isLocalLink ? to.name : item.linkText,
    subNavigations: localisedNavigation(item.subNavigations, from, to),
  }));
}

interface TravelLink {
  name: string;
  url: string;
}

/**
 * The travel accordion's title on small screens: the current destination or group, else
 * "All travel deals" (product.md §2 "Header navigation").
 */
export function travelMenuLabel(
  groups: readonly (TravelLink & { items: readonly TravelLink[] })[],
  pathname: string,
): string {
  let label = "All travel deals";
  let depth = 0;
  for (const group of groups) {
    for (const link of [group, ...group.items]) {
      if (isWithin(pathname, link.url) && link.url.length > depth) {
        label = link.name;
        depth = link.url.length;
      }
    }
  }
  return label;
}
