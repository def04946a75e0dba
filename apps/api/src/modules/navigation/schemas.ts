/** The header navigation (product.md §2 "Header navigation", §3 "Navigation item"). */
import { z } from "zod";

export const navItemSchema = z
  .object({
    id: z.number().int(),
    shortName: z.string(),
    linkText: z.string(),
    /** A storefront path: /deals/{location}[/{category}], /deals/shop, /deals/escapes, /gifts. */
    url: z.string(),
    /** The entry lists local deals of the chosen location. */
    isLocal: z.boolean(),
    /** The entry is the location itself (its link text is the location's name). */
    isLocalLink: z.boolean(),
    get subNavigations(): z.ZodArray<typeof navItemSchema> {
      return z.array(navItemSchema);
    },
  })
  .meta({ id: "NavItem" });
export type NavItem = z.infer<typeof navItemSchema>;

export const navigationListSchema = z.object({ navigations: z.array(navItemSchema) });
export type NavigationList = z.infer<typeof navigationListSchema>;

export const navigationQuerySchema = z.object({
  location: z.string().optional().describe("The chosen location's short name; the brand's default if absent"),
});
