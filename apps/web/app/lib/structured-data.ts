/**
 * schema.org JSON-LD for search engines (product.md §2 "Page head"): the breadcrumb trail of
 * a listing, and on the homepage the organisation with the site search.
 */
import type { Brand } from "@deals/domain/brand";

export interface Crumb {
  name: string;
  /** Site path; absolute URLs are made from the page's origin. */
  path: string;
}

const CONTEXT = "https://schema.org";

export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): object {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

/** The brand as an organisation, and its website with a search box for results pages. */
export function organizationWithSearch(origin: string, brand: Brand): object {
  const home = new URL("/", origin).href;
  return {
    "@context": CONTEXT,
    "@graph": [
      {
        "@type": "Organization",
        "@id": `${home}#organization`,
        name: brand.name,
        url: home,
        logo: new URL("/icon.svg", origin).href,
        email: brand.supportEmail,
        sameAs: Object.values(brand.social),
      },
      {
        "@type": "WebSite",
        "@id": `${home}#website`,
        name: brand.name,
        url: home,
        publisher: { "@id": `${home}#organization` },
        potentialAction: {
          "@type": "SearchAction",
          target: {
            "@type": "EntryPoint",
            urlTemplate: `${new URL("/search", origin).href}?q={search_term_string}`,
          },
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
}
