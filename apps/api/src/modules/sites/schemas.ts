/** The site lookup (services.md §7.7 "GET a site lookup to detect VIP"). */
import { isSiteKey, MAX_SITE_KEY_LENGTH, SITE_TYPES } from "@deals/domain/theme";
import { z } from "zod";

const SITE_MESSAGE = `site must be a site name: lower-case letters, digits and hyphens, at most ${MAX_SITE_KEY_LENGTH} characters`;

export const siteParamsSchema = z.object({
  // Site names are case-insensitive: ?site=VIP-Lounge is the vip-lounge site.
  site: z
    .string()
    .transform((text) => text.trim().toLowerCase())
    .refine(isSiteKey, SITE_MESSAGE),
});

export const siteSchema = z.object({
  site: z.string(),
  /** vip: the storefront shows the premium theme. */
  type: z.enum(SITE_TYPES),
});
export type Site = z.infer<typeof siteSchema>;
