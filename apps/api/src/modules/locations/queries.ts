import { and, asc, type Db, eq, runNamed } from "@deals/db";
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
  const [row] = await runNamed(
    db
      .select(locationColumns)
      .from(locations)
      .where(and(eq(locations.brandId, brandId), eq(locations.shortName, shortName)))
      .limit(1),
  );
  return row as LocationRow | undefined;
}
