import { data, redirect } from "react-router";
import { ContentPage } from "../components/ContentPage.tsx";
import { createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom, pageCacheHeaders } from "../lib/cache.server.ts";
import { contentHead } from "../lib/content-head.server.ts";
import { headTags } from "../lib/head.ts";
import { orNotFound } from "../lib/not-found.ts";
import type { Route } from "./+types/static-page";

/**
 * /page/{slug}: the site's static pages (product.md §2 "Routes"), written per brand. The
 * other country's privacy policy sends the shopper to this site's own.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const page = await orNotFound(createApiClient(context.apiFetch, brand).staticPage(params.slug));
  if (page.redirectUrl) throw redirect(page.redirectUrl, 301);
  return data(
    { title: page.title, sections: page.sections, head: contentHead(request, brand, page) },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  return <ContentPage title={loaderData.title} sections={loaderData.sections} />;
}
