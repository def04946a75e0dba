/**
 * Search, suggestions while typing and the top searches (services.md §7.7; product.md §2
 * "search with suggestions, top searches and sponsored results"). A search answers the
 * listing's shape (deals, count, facetedNavigation, sponsored, searchResult).
 */
import { LISTING_QUERY_LIMITS } from "@deals/domain/constants";
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";

export {
  dealListQuerySchema as searchQuerySchema,
  dealListResponseSchema as searchResponseSchema,
} from "../deals/schemas.ts";

export const searchParamsSchema = z.object({ location: z.string() });

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const { maxTextLength } = LISTING_QUERY_LIMITS;

export const suggestQuerySchema = z.object({
  q: z
    .string({ error: "q must be given once" })
    .max(maxTextLength, `q must be at most ${maxTextLength} characters`)
    .refine((text) => !CONTROL_CHARACTERS.test(text), "q must not contain control characters")
    .describe("What the shopper has typed so far"),
  location: z
    .string({ error: "location must be given once" })
    .optional()
    .describe("The shopper's location short name, for category links"),
});

export const suggestionsSchema = z.object({
  /** The typed text as matched: lower case, single spaces. */
  query: z.string(),
  /** Top searches starting with the text. */
  searches: z.array(z.string()),
  categories: z.array(z.object({ name: z.string(), shortName: z.string(), url: z.string() })),
  /** The most popular live deals with words starting like the typed ones. */
  deals: z.array(dealSummarySchema),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const topSearchesSchema = z.object({
  /** The most searched queries of the last 30 days that found deals, most searched first. */
  searches: z.array(z.object({ query: z.string(), count: z.number().int().nonnegative() })),
});
export type TopSearches = z.infer<typeof topSearchesSchema>;
