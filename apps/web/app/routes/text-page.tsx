import { data } from "react-router";
import { ContentPage } from "../components/ContentPage.tsx";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom, pageCacheHeaders } from "../lib/cache.server.ts";
import { contentHead } from "../lib/content-head.server.ts";
import { headTags } from "../lib/head.ts";
import { notFound } from "../lib/not-found.ts";
import { discountCodesPage, editorialTeamPage } from "../lib/pages-content.server.ts";
import type { Route } from "./+types/text-page";

/** The storefront's own text pages, by path (product.md §2 "Routes"). */
const PAGES = { "/discountcodes": discountCodesPage, "/editorial-team": editorialTeamPage } as const;

export function loader({ request }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const path = new URL(request.url).pathname as keyof typeof PAGES;
  const write = PAGES[path];
  if (!write) throw notFound();
  const page = write(brand);
  return data(
    { title: page.title, sections: page.sections, head: contentHead(request, brand, page) },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function TextPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={loaderData.title} sections={loaderData.sections} />;
}
