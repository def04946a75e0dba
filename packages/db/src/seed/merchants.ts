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

export function createMerchant(
  id: number,
  words: MerchantWords,
  country: CountryCode,
  place: Place,
  random: Random,
): MerchantRow {
  const [first, second] = words;
  const displayName = `${random.chance(0.4) ? "The " : ""}${random.pick(first)} ${random.pick(second)}`;
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
