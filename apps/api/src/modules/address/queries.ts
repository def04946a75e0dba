import { and, asc, type Db, eq } from "@deals/db";
import { postcodeAddresses } from "@deals/db/schema/accounts";
import type { CountryCode } from "@deals/domain/brand";

export type PostcodeAddressRow = typeof postcodeAddresses.$inferSelect;

/** The homes of one postcode (in its standard written form), in street order. */
export async function findPostcodeAddresses(
  db: Db,
  countryCode: CountryCode,
  postCode: string,
): Promise<PostcodeAddressRow[]> {
  return db
    .select()
    .from(postcodeAddresses)
    .where(and(eq(postcodeAddresses.countryCode, countryCode), eq(postcodeAddresses.postCode, postCode)))
    .orderBy(asc(postcodeAddresses.id));
}
