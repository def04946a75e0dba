/**
 * The page head every route sets through `meta` (product.md §2 "Page head"): title,
 * description, robots (INDEX, FOLLOW unless the page says otherwise), canonical URL and
 * social tags.
 */
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
}

/** The URL of `path` on the site the request came to. */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).href;
}

export function headTags(head: PageHead | undefined): MetaDescriptor[] {
  if (!head) return [];
  const tags: MetaDescriptor[] = [
    { title: head.title },
    { name: "description", content: head.description },
    { name: "robots", content: head.robots ?? DEFAULT_ROBOTS },
    { tagName: "link", rel: "canonical", href: head.canonical },
    { property: "og:title", content: head.title },
    { property: "og:description", content: head.description },
    { property: "og:url", content: head.canonical },
    { name: "twitter:card", content: head.image ? "summary_large_image" : "summary" },
  ];
  if (head.image) tags.push({ property: "og:image", content: head.image });
  return tags;
}
