import { DEFAULT_DEALS_PAGE_SIZE } from "@deals/domain/constants";
import { data } from "react-router";
import { ContentPage } from "../components/ContentPage.tsx";
import { DealCardList } from "../components/DealCardList.tsx";
import { Link } from "../components/Link.tsx";
import { type ApiClient, createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom, pageCacheHeaders } from "../lib/cache.server.ts";
import { contentHead } from "../lib/content-head.server.ts";
import { headTags } from "../lib/head.ts";
import { type DealCardView, dealCardView } from "../lib/listing.server.ts";
import { orNotFound } from "../lib/not-found.ts";
import type { Crumb } from "../lib/structured-data.ts";
import type { Route } from "./+types/guide";

const FEED_PREFIX = "/v1/deals/";
const HUB = { name: "Guides", path: "/guides/hub" };

/** A guide's deals: the first page of the API listing it names, and where that listing lives. */
async function guideDeals(api: ApiClient, feed: string, locale: "en-GB" | "en-IE") {
  if (!feed.startsWith(FEED_PREFIX)) return null;
  try {
    const segments = feed.slice(FEED_PREFIX.length).split("/").filter(Boolean);
    const listing = await api.deals(segments, { page: 0, pageSize: DEFAULT_DEALS_PAGE_SIZE / 2 });
    const now = new Date();
    return {
      deals: listing.deals.map((deal): DealCardView => dealCardView(deal, locale, now)),
      href: new URL(listing.canonicalUrl).pathname,
    };
  } catch (error) {
    // The guide still reads well without its deals.
    console.warn("guide deals unavailable", error);
    return null;
  }
}

/**
 * The guides hub and the named guides (product.md §2 "Routes": holiday deals, Black Friday,
 * the affiliate programme at /guides/wowcher-affiliates, press resources).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const api = createApiClient(context.apiFetch, brand);
  const guide = await orNotFound(api.guide(params.slug));
  const isHub = params.slug === "hub";
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    isHub ? { name: guide.title, path: HUB.path } : HUB,
    ...(isHub ? [] : [{ name: guide.title, path: `/guides/${guide.slug}` }]),
  ];
  const feed = guide.dealsFeed ? await guideDeals(api, guide.dealsFeed, brand.locale) : null;
  return data(
    {
      title: guide.title,
      sections: guide.sections,
      guides: guide.guides.filter((other) => other.slug !== "hub"),
      isHub,
      feed,
      crumbs,
      head: contentHead(request, brand, { ...guide, crumbs }),
    },
    { headers: pageCacheHeaders(request) },
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function GuideRoute({ loaderData }: Route.ComponentProps) {
  const { title, sections, guides, isHub, feed, crumbs } = loaderData;
  return (
    <ContentPage title={title} sections={sections} crumbs={crumbs}>
      {feed && feed.deals.length > 0 && (
        <section aria-labelledby="guide-deals">
          <h2 id="guide-deals">Deals in this guide</h2>
          <DealCardList className="deal-grid" deals={feed.deals} eagerCards={0} />
          <p>
            <Link to={feed.href}>See all the deals</Link>
          </p>
        </section>
      )}
      {guides.length > 0 && (
        <nav aria-labelledby="more-guides" className="guide-links">
          <h2 id="more-guides">{isHub ? "Our guides" : "More guides"}</h2>
          <ul>
            {guides.map((other) => (
              <li key={other.slug}>
                <Link to={other.url}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </ContentPage>
  );
}
