/**
 * The page head every route sets through `meta` (product.md §2 "Page head"): title,
 * description, robots (INDEX, FOLLOW unless the page says otherwise), canonical URL, social
 * tags and the page's structured data.
 */
import { GSHOP_INDEXED_SLUG } from "@deals/domain/constants";
import type { MetaDescriptor } from "react-router";

export const DEFAULT_ROBOTS = "INDEX, FOLLOW";
export const NOT_INDEXED = "NOINDEX, FOLLOW";

export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  robots?: string;
  /** Absolute URL of the picture social networks show. */
  image?: string;
  /** The brand's name, for og:site_name. */
  siteName?: string;
  /** schema.org JSON-LD documents about the page (breadcrumbs, the organisation). */
  structuredData?: object[];
}

/** Each request's origin, read from its URL once: a deal page asks for a dozen absolute URLs. */
const origins = new WeakMap<Request, string>();

/** The URL of `path` on the site the request came to. */
export function absoluteUrl(request: Request, path: string): string {
  let origin = origins.get(request);
  if (origin === undefined) {
    origin = new URL(request.url).origin;
    origins.set(request, origin);
  }
  return new URL(path, origin).href;
}

export function headTags(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return [];
  const tags: MetaDescriptor[] = [
    { title: head.title },
    { name: "description", content: head.description },
    { name: "robots", content: head.robots ?? DEFAULT_ROBOTS },
    { tagName: "link", rel: "canonical", href: head.canonical },
    { property: "og:type", content: "website" },
    { property: "og:title", content: head.title },
    { property: "og:description", content: head.description },
    { property: "og:url", content: head.canonical },
    { name: "twitter:card", content: head.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: head.title },
    { name: "twitter:description", content: head.description },
  ];
  if (head.siteName) tags.push({ property: "og:site_name", content: head.siteName });
  if (head.image) {
    tags.push({ property: "og:image", content: head.image }, { name: "twitter:image", content: head.image });
  }
  for (const document of head.structuredData ?? []) tags.push({ "script:ld+json": document });
  return tags;
}

const GSHOP_SEGMENT = "gshop";

export interface GshopHead {
  /** The path the canonical URL names: everything before /gshop/. */
  canonicalPath: string;
  /** The last slug segment, which ends the title. */
  titleEnd: string;
  robots: string;
}

/**
 * Pages under a gshop slug segment (product.md §2 "Page head"): the canonical URL is cut
 * before /gshop/, the title ends with the last slug segment, and only one slug is indexed.
 * Null for any other path.
 */
export function gshopHead(path: string): GshopHead | null {
  const segments = path.split("/").filter(Boolean);
  const at = segments.indexOf(GSHOP_SEGMENT);
  const last = segments.at(-1);
  if (at < 0 || last === undefined || last === GSHOP_SEGMENT) return null;
  return {
    canonicalPath: `/${segments.slice(0, at).join("/")}`,
    titleEnd: last,
    robots: last === GSHOP_INDEXED_SLUG ? DEFAULT_ROBOTS : NOT_INDEXED,
  };
}
