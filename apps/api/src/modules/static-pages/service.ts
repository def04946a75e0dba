/**
 * Static pages by slug for a brand's site (the Irish sites have their own privacy policy,
 * and asking one site for the other's redirects to its own), and the guides.
 */
import type { Brand } from "@deals/domain/brand";
import { lookupStaticPage, staticPagePath } from "@deals/domain/static-pages";
import { notFound } from "../../errors.ts";
import { GUIDE_SLUGS, guideContent, staticPageContent } from "./content.ts";
import type { Guide, StaticPage } from "./schemas.ts";

function pageNotFound() {
  return notFound("PAGE_NOT_FOUND", "There is no such page on this site.");
}

export function getStaticPage(slug: string, brand: Brand): StaticPage {
  const lookup = lookupStaticPage(slug, brand);
  if (lookup.kind === "notFound") throw pageNotFound();
  const content = staticPageContent(lookup.slug, brand);
  if (!content) throw pageNotFound();
  return {
    slug: lookup.slug,
    ...content,
    redirectUrl: lookup.kind === "redirect" ? staticPagePath(lookup.slug) : null,
  };
}

export function getGuide(slug: string, brand: Brand): Guide {
  const content = guideContent(slug, brand);
  if (!content) throw pageNotFound();
  const guides = GUIDE_SLUGS.filter((other) => other !== slug).map((other) => ({
    slug: other,
    title: guideContent(other, brand)!.title,
    url: `/guides/${other}`,
  }));
  return { slug, ...content, redirectUrl: null, guides };
}
