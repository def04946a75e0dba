/**
 * What shoppers do around a deal: the "bought" social cue (units bought in the last 6, 12
 * and 24 hours, product.md §3 "Social-cue stats") and the impressions a listing reports
 * for its location (services.md §7.8).
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { SOCIAL_CUE_WINDOWS_HOURS } from "@deals/domain/constants";
import { isShortName } from "../../short-name.ts";
import { findBrandLocation, locationNotFound } from "../locations/service.ts";
import { BRANCHES, NEAR_ME } from "./listing-path.ts";
import { addDealImpressions, unitsBoughtSince } from "./queries.ts";
import type { SocialCue } from "./schemas.ts";
import { dealDayKey, dealNotFound, MAX_ID } from "./service.ts";

const HOUR_MS = 60 * 60 * 1000;

export async function getSocialCue(db: Db, brand: Brand, dealId: number, now: Date): Promise<SocialCue> {
  if (dealId > MAX_ID) throw dealNotFound();
  const since = SOCIAL_CUE_WINDOWS_HOURS.map((hours) => new Date(now.getTime() - hours * HOUR_MS));
  const units = await unitsBoughtSince(db, brand.id, dealId, since, now);
  if (!units) throw dealNotFound();
  const [lastSixHours = 0, lastTwelveHours = 0, lastTwentyFourHours = 0] = units;
  return { dealId, lastSixHours, lastTwelveHours, lastTwentyFourHours };
}

/** Listing locations besides the brand's own: the shop, escapes, gifts and near-me. */
const OTHER_LISTING_LOCATIONS = new Set<string>([...Object.keys(BRANCHES), NEAR_ME]);

/**
 * Counts one impression per listed deal id (repeats count again) for the listing location
 * on today's counter. Ids that are not the brand's deals are skipped.
 */
export async function recordImpressions(
  db: Db,
  brand: Brand,
  location: string,
  dealIds: number[],
  now: Date,
): Promise<number> {
  if (!OTHER_LISTING_LOCATIONS.has(location)) {
    const known = isShortName(location) && (await findBrandLocation(db, brand, location));
    if (!known) throw locationNotFound();
  }
  const counts = new Map<number, number>();
  for (const id of dealIds) if (id <= MAX_ID) counts.set(id, (counts.get(id) ?? 0) + 1);
  return addDealImpressions(db, brand.id, location, dealDayKey(now), counts);
}
