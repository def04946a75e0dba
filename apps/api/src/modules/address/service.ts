/**
 * Postcode and Eircode lookup (services.md §7.7 "/address/postcode/{postcode}") from the local
 * address table: a malformed code and an unknown one get the spec's two messages
 * (product.md §5), and the storefront then offers manual entry (services.md §8).
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { normalisePostcode, VALIDATION_MESSAGES, validatePostcode } from "@deals/domain/validation";
import { invalidParameter, notFound } from "../../errors.ts";
import { findPostcodeAddresses } from "./queries.ts";
import type { PostcodeLookup } from "./schemas.ts";

export async function lookUpPostcode(db: Db, brand: Brand, postcode: string): Promise<PostcodeLookup> {
  const problem = validatePostcode(postcode, brand.countryCode);
  if (problem) throw invalidParameter(problem);
  const postCode = normalisePostcode(postcode, brand.countryCode)!;
  const rows = await findPostcodeAddresses(db, brand.countryCode, postCode);
  if (rows.length === 0) throw notFound("POSTCODE_NOT_FOUND", VALIDATION_MESSAGES.postcodeUnknown);
  return {
    postCode,
    addresses: rows.map((row) => ({
      addressLine1: row.addressLine1,
      ...(row.addressLine2 ? { addressLine2: row.addressLine2 } : {}),
      town: row.town,
      postCode: row.postCode,
      latLon: { lat: row.lat, lon: row.lon },
    })),
  };
}
