/**
 * The site lookup behind the premium theme (product.md §2 "App shell": premium theme when
 * the query has site= whose lookup returns vip). Only a `site=` that can name a site costs a
 * lookup; an unknown site, or a lookup that fails, leaves the usual theme.
 */
import { type SiteType, siteLookupKey } from "@deals/domain/theme";
import { type ApiClient, ApiError } from "./api.ts";

export async function siteLookupFor(url: URL, api: ApiClient): Promise<SiteType | null> {
  const site = siteLookupKey(url.searchParams);
  if (site === null) return null;
  try {
    return (await api.site(site)).type;
  } catch (error) {
    // An unknown partner is an ordinary answer; anything else is worth a line in the log.
    if (!(error instanceof ApiError && error.status === 404)) console.warn("site lookup unavailable", error);
    return null;
  }
}
