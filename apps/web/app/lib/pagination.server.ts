/**
 * The page links under a listing (product.md §2 "Routes": `?page=N`, the first page is the
 * clean URL). Built on the server so the link rules stay in the domain package.
 */
import { pageHref } from "@deals/domain/listing-query";

/** Page numbers shown either side of the current one. */
const NEIGHBOURS = 2;

export interface PageLink {
  number: number;
  href: string;
}

export interface Pagination {
  current: number;
  pageCount: number;
  previous: string | null;
  next: string | null;
  /** The first, the last and the current page's neighbours, in order. */
  pages: PageLink[];
}

/** `current` is 1-based; `query` is the current URL's query, kept on every link. */
export function paginationLinks(
  path: string,
  query: URLSearchParams,
  current: number,
  pageCount: number,
): Pagination {
  const href = (page: number) => pageHref(path, query, page);
  const shown = new Set([1, pageCount]);
  for (let page = current - NEIGHBOURS; page <= current + NEIGHBOURS; page++) {
    if (page >= 1 && page <= pageCount) shown.add(page);
  }
  return {
    current,
    pageCount,
    previous: current > 1 ? href(current - 1) : null,
    next: current < pageCount ? href(current + 1) : null,
    pages: [...shown].sort((a, b) => a - b).map((number) => ({ number, href: href(number) })),
  };
}
