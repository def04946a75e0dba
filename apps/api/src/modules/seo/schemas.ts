/** The Organization the storefront puts in the page head as JSON-LD (schema.org). */
import { z } from "zod";

export const organizationSchema = z.object({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("Organization"),
  name: z.string(),
  url: z.string(),
  email: z.string(),
  /** ISO country code of the site's market. */
  areaServed: z.enum(["GB", "IE"]),
  /** The brand's social accounts. */
  sameAs: z.array(z.string()),
  contactPoint: z.object({
    "@type": z.literal("ContactPoint"),
    contactType: z.string(),
    email: z.string(),
    url: z.string(),
    availableLanguage: z.string(),
  }),
});
export type Organization = z.infer<typeof organizationSchema>;

export const dealsSitemapParamsSchema = z.object({ name: z.string() });
