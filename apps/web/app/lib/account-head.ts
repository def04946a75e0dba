import type { Brand } from "@deals/domain/brand";
import { absoluteUrl, NOT_INDEXED, type PageHead } from "./head.ts";

/** Account pages: a plain title, and kept out of search engines. */
export function accountHead(request: Request, brand: Brand, title: string, description = title): PageHead {
  return {
    title: `${title} | ${brand.name}`,
    description,
    canonical: absoluteUrl(request, new URL(request.url).pathname),
    robots: NOT_INDEXED,
  };
}
