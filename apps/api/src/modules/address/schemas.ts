/** Addresses (product.md §3 "Address") and the postcode lookup's answer. */
import { z } from "zod";

export const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  town: z.string(),
  postCode: z.string(),
  latLon: z.object({ lat: z.number(), lon: z.number() }).optional(),
});
export type AddressView = z.infer<typeof addressSchema>;

export const postcodeParamsSchema = z.object({ postcode: z.string().max(16) });

export const postcodeLookupSchema = z.object({
  /** The postcode in its standard written form. */
  postCode: z.string(),
  addresses: z.array(addressSchema),
});
export type PostcodeLookup = z.infer<typeof postcodeLookupSchema>;
