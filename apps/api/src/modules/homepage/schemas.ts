import { HOMEPAGE_COLLECTIONS } from "@deals/domain/homepage";
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";

export const homepageParamsSchema = z.object({
  location: z.string().describe("The location short name whose homepage this is"),
});

export const homepageCollectionSchema = z.object({
  slug: z.enum(HOMEPAGE_COLLECTIONS),
  title: z.string(),
  /** The storefront listing with the rest of the row's deals; null when none holds exactly them. */
  url: z.string().nullable(),
  deals: z.array(dealSummarySchema),
});

export const homepageSchema = z.object({
  location: z.object({ shortName: z.string(), name: z.string() }),
  /** The hero: the most popular deal that can be bought. */
  mainDeal: dealSummarySchema.nullable(),
  secondaryDeals: z.array(dealSummarySchema),
  /** Every collection that has deals, in page order; a deal shows in one row only. */
  collections: z.array(homepageCollectionSchema),
});

export type Homepage = z.infer<typeof homepageSchema>;
export type HomepageCollectionRow = z.infer<typeof homepageCollectionSchema>;
