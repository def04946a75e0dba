/**
 * The local address table behind the postcode and Eircode lookup: a few hundred postcodes in
 * the seed towns' real districts (UK) and routing keys (Ireland), each with the handful of
 * homes a real postcode covers. Deterministic: the same rows on every machine, so tests can
 * look a postcode up by reading `postcodeAddressRows()`.
 */
import type { Db } from "../open.ts";
import { postcodeAddresses } from "../schema/accounts.ts";
import { nearby, postCode, TOWNS, type Town } from "./places.ts";
import { Random } from "./random.ts";

export type PostcodeAddressRow = typeof postcodeAddresses.$inferInsert;

const ADDRESS_SEED = 7;
/** Postcodes per district: enough for a few hundred in all. */
const POSTCODES_PER_AREA = { uk: 3, eircode: 6 } as const;
const BATCH_ROWS = 1000;

const RESIDENTIAL_STREETS = [
  "Elm Grove",
  "Oak Avenue",
  "Beech Road",
  "Willow Close",
  "Meadow Way",
  "Orchard Drive",
  "Hawthorn Crescent",
  "Chestnut Lane",
  "Rowan Court",
  "Ashfield Terrace",
  "Cedar Gardens",
  "Maple Walk",
  "Holly Park",
  "Laurel Place",
  "Birch View",
];

/** Every address, postcode by postcode, in a fixed order. */
export function postcodeAddressRows(): PostcodeAddressRow[] {
  const random = new Random(ADDRESS_SEED);
  const rows: PostcodeAddressRow[] = [];
  const seen = new Set<string>();
  for (const town of TOWNS) {
    for (const area of town.postAreas) {
      const place: Town = { ...town, postAreas: [area] };
      const perArea = town.postFormat === "uk" ? POSTCODES_PER_AREA.uk : POSTCODES_PER_AREA.eircode;
      for (let made = 0; made < perArea; ) {
        const code = postCode(place, random);
        if (seen.has(code)) continue;
        seen.add(code);
        made++;
        rows.push(...homesAt(code, town, random));
      }
    }
  }
  return rows;
}

/** The homes of one postcode: consecutive numbers on one street, some split into flats. */
function homesAt(code: string, town: Town, random: Random): PostcodeAddressRow[] {
  const street = random.pick(RESIDENTIAL_STREETS);
  const first = random.int(1, 120);
  const count = random.int(3, 7);
  const point = nearby(town, random);
  const homes: PostcodeAddressRow[] = [];
  for (let i = 0; i < count; i++) {
    const number = first + i * 2;
    const base = { countryCode: town.countryCode, postCode: code, town: town.name, ...point };
    if (random.chance(0.2)) {
      homes.push(
        { ...base, addressLine1: "Flat 1", addressLine2: `${number} ${street}` },
        { ...base, addressLine1: "Flat 2", addressLine2: `${number} ${street}` },
      );
    } else {
      homes.push({ ...base, addressLine1: `${number} ${street}`, addressLine2: null });
    }
  }
  return homes;
}

export async function seedAddresses(db: Db): Promise<number> {
  const rows = postcodeAddressRows();
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    await db.insert(postcodeAddresses).values(rows.slice(start, start + BATCH_ROWS));
  }
  return rows.length;
}
