/** Static pages (/v1/staticpage/{slug}) and guides (/v1/guides/{slug}), per brand. */
import { z } from "zod";

export const pageParamsSchema = z.object({ slug: z.string() });

const sectionSchema = z.object({ heading: z.string().nullable(), paragraphs: z.array(z.string()) });

export const staticPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(sectionSchema),
  /** The storefront path this page lives at instead (301): the site's own privacy policy. */
  redirectUrl: z.string().nullable(),
});
export type StaticPage = z.infer<typeof staticPageSchema>;

export const guideSchema = staticPageSchema.extend({
  /** The API listing the guide shows deals from, or null. */
  dealsFeed: z.string().nullable(),
  /** The other guides, for the hub and "more guides" links. */
  guides: z.array(z.object({ slug: z.string(), title: z.string(), url: z.string() })),
});
export type Guide = z.infer<typeof guideSchema>;
