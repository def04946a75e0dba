/** Locations of a brand (product.md §3 "Location"). */
import { BRAND_IDS } from "@deals/domain/brand";
import { z } from "zod";

export const locationSchema = z.object({
  id: z.number().int(),
  shortName: z.string(),
  name: z.string(),
  countryCode: z.enum(["gb", "ie"]),
  brand: z.enum(BRAND_IDS),
  latLon: z.object({ lat: z.number(), lon: z.number() }),
});
export type Location = z.infer<typeof locationSchema>;

export const locationListSchema = z.object({ locations: z.array(locationSchema) });
export type LocationList = z.infer<typeof locationListSchema>;

export const locationParamsSchema = z.object({ shortName: z.string() });
