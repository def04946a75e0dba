/**
 * Seed merchants: a display name from the category's words, a registered business name,
 * addresses in the deal's town with real-format postcodes or Eircodes, and a VAT number in
 * the brand country's format.
 */
import type { CountryCode } from "@deals/domain/brand";
import type { Address, merchants } from "../schema/catalogue.ts";
import type { MerchantWords } from "./categories.ts";
import { nearby, type Place, postCode, streetAddress } from "./places.ts";
import type { Random } from "./random.ts";
import { capitalise, slugify } from "./text.ts";

export type MerchantRow = typeof merchants.$inferInsert & { id: number; displayName: string };

/** "the Lake District" is a fine place in a sentence but an address's town is "Lake District". */
function townName(place: Place): string {
  return capitalise(place.name.replace(/^the /, ""));
}

export function address(place: Place, random: Random): Address {
  return {
    addressLine1: streetAddress(place, random),
    town: townName(place),
    postCode: postCode(place, random),
    latLon: nearby(place, random),
  };
}

function vatNumber(country: CountryCode, random: Random): string {
  const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join("");
  if (country === "gb") return `GB${random.int(1, 9)}${digits(8)}`;
  return `IE${random.int(1, 9)}${digits(6)}${random.pick([..."ABCDEFGHJKLMNPRSTVWX"])}`;
}

/** Tries at a name no other merchant of the country uses before naming one after its town. */
const NAME_TRIES = 12;

/**
 * `taken` holds the names (without "The") the brand country's merchants already use: two
 * businesses of one country never share a name. Names drawn again come from `words`, a
 * stream of its own, so the catalogue's other draws stay as they were.
 */
export function createMerchant(
  id: number,
  words: MerchantWords,
  country: CountryCode,
  place: Place,
  random: Random,
  naming: { taken: Set<string>; words: Random },
): MerchantRow {
  const [first, second] = words;
  const article = random.chance(0.4) ? "The " : "";
  const draw = (from: Random) => `${from.pick(first)} ${from.pick(second)}`;
  let name = draw(random);
  for (let i = 0; i < NAME_TRIES && naming.taken.has(name); i++) name = draw(naming.words);
  const local = `${name} ${townName(place)}`;
  for (let n = 2; naming.taken.has(name); n++) name = n === 2 ? local : `${local} ${n}`;
  naming.taken.add(name);
  const displayName = `${article}${name}`;
  const suffix = country === "gb" ? "Ltd" : "Limited";
  const otherAddresses = random.chance(0.2)
    ? Array.from({ length: random.int(1, 2) }, () => address(place, random))
    : [];
  return {
    id,
    businessName:
      `${displayName.replace(/^The /, "")} ${random.pick(["Trading", "Group", "Enterprises", ""])}`
        .trim()
        .concat(` ${suffix}`),
    displayName,
    vatNumber: vatNumber(country, random),
    website: `https://www.${slugify(displayName).replaceAll("-", "")}.example`,
    mainAddress: address(place, random),
    otherAddresses,
  };
}
