import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { notFound } from "../../errors.ts";
import { BRIEF_TTL_MS, KeptBriefly } from "../../kept-briefly.ts";
import { isShortName } from "../../short-name.ts";
import { findLocation, type LocationRow, listLocations } from "./queries.ts";
import type { Location, LocationList } from "./schemas.ts";

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    shortName: row.shortName,
    name: row.name,
    countryCode: row.countryCode,
    brand: row.brandId,
    latLon: { lat: row.lat, lon: row.lon },
  };
}

export async function getLocations(db: Db, brand: Brand): Promise<LocationList> {
  const rows = await listLocations(db, brand.id);
  return { locations: rows.map(toLocation) };
}

// Asked by nearly every listing, search and page: the same for every shopper of the brand.
const keptLocations = new KeptBriefly<LocationRow | undefined>(1000);

/**
 * The brand's location with this short name (kept briefly, kept-briefly.ts); a segment that
 * cannot be one is never looked up.
 */
export async function findBrandLocation(
  db: Db,
  brand: Brand,
  shortName: string,
): Promise<LocationRow | undefined> {
  if (!isShortName(shortName)) return undefined;
  return keptLocations.get(db, `${brand.id}:${shortName}`, BRIEF_TTL_MS, () =>
    findLocation(db, brand.id, shortName),
  );
}

export async function getLocation(db: Db, brand: Brand, shortName: string): Promise<Location> {
  const row = await findBrandLocation(db, brand, shortName);
  if (!row) throw locationNotFound();
  return toLocation(row);
}

export function locationNotFound() {
  return notFound("LOCATION_NOT_FOUND", "There is no location with this short name on this site.");
}
