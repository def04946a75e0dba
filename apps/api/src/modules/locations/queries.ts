import { and, asc, Bindings, type Db, eq, runShaped } from "@deals/db";
import { locations } from "@deals/db/schema/catalogue";
import type { BrandId } from "@deals/domain/brand";

const locationColumns = {
  id: locations.id,
  brandId: locations.brandId,
  shortName: locations.shortName,
  name: locations.name,
  countryCode: locations.countryCode,
  lat: locations.lat,
  lon: locations.lon,
};

export interface LocationRow {
  id: number;
  brandId: BrandId;
  shortName: string;
  name: string;
  countryCode: "gb" | "ie";
  lat: number;
  lon: number;
}

/** The brand's locations in picker order (big cities first). */
export async function listLocations(db: Db, brandId: BrandId): Promise<LocationRow[]> {
  const rows = await db
    .select(locationColumns)
    .from(locations)
    .where(eq(locations.brandId, brandId))
    .orderBy(asc(locations.sortOrder), asc(locations.name));
  return rows as LocationRow[];
}

/** One of the brand's locations by short name (unique per brand). */
export async function findLocation(
  db: Db,
  brandId: BrandId,
  shortName: string,
): Promise<LocationRow | undefined> {
  // Asked by every listing and search: built once, then only its values are bound (shaped.ts).
  const b = new Bindings();
  const brand = b.bind("brand", brandId);
  const name = b.bind("short_name", shortName);
  const one = b.bind("limit", 1);
  const [row] = await runShaped(db, "location", b, () =>
    db
      .select(locationColumns)
      .from(locations)
      .where(and(eq(locations.brandId, brand), eq(locations.shortName, name)))
      .limit(one),
  );
  return row as LocationRow | undefined;
}
