/** The head of text pages (static pages, guides, discount codes, the editorial team). */
import type { Brand } from "@deals/domain/brand";
import { absoluteUrl, type PageHead } from "./head.ts";
import { breadcrumbList, type Crumb } from "./structured-data.ts";

export function contentHead(
  request: Request,
  brand: Brand,
  page: { title: string; description: string; crumbs?: readonly Crumb[] },
): PageHead {
  const url = new URL(request.url);
  return {
    title: `${page.title} | ${brand.name}`,
    description: page.description,
    canonical: absoluteUrl(request, url.pathname),
    siteName: brand.name,
    ...(page.crumbs ? { structuredData: [breadcrumbList(url.origin, page.crumbs)] } : {}),
  };
}
