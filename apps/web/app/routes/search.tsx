import { BRANDS, DEFAULT_BRAND_ID } from "@deals/domain/brand";
import { useRouteLoaderData } from "react-router";
import { DealCard } from "../components/DealCard.tsx";
import { Link } from "../components/Link.tsx";
import { ListingDeals } from "../components/ListingDeals.tsx";
import { ListingFilters } from "../components/ListingFilters.tsx";
import { PaginationNav } from "../components/PaginationNav.tsx";
import { RecentlyViewed } from "../components/RecentlyViewed.tsx";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { loadSearch, type SearchData } from "../lib/search.server.ts";
import { sponsoredClicked, useSearchTracking } from "../lib/search-tracking.ts";
import type { loader as shellLoader } from "../root.tsx";
import type { Route } from "./+types/search";

/** /search?q=: results with filters and sort, sponsored results, and help when nothing is found. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSearch(request, context);
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

type QueryLink = SearchData["topSearches"][number];

function QueryLinks({ id, title, links }: { id: string; title: string; links: QueryLink[] }) {
  if (links.length === 0) return null;
  return (
    <section className="search-help" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="search-help__links">
        {links.map((link) => (
          <li key={link.query}>
            <Link to={link.href}>{link.query}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nothing found: other spellings, the categories people browse, and what others search for. */
function NothingFound({ data }: { data: SearchData }) {
  const shell = useRouteLoaderData<typeof shellLoader>("root");
  const categories = (shell?.navigations ?? []).filter((item) => !item.isLocalLink);
  return (
    <div className="search-empty">
      {data.query && !data.problem && (
        <p className="search-empty__message">
          We could not find any deals for your search. Check the spelling, try fewer or other words, or browse
          below.
        </p>
      )}
      <QueryLinks id="search-other-spellings" title="Did you mean" links={data.otherSpellings} />
      {categories.length > 0 && (
        <section className="search-help" aria-labelledby="search-popular-categories">
          <h2 id="search-popular-categories">Popular categories</h2>
          <ul className="search-help__links">
            {categories.map((item) => (
              <li key={item.id}>
                <Link to={item.url}>{item.linkText}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <QueryLinks id="search-top-searches" title="Top searches" links={data.topSearches} />
    </div>
  );
}

export default function SearchPage({ loaderData: data }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof shellLoader>("root");
  const brand = BRANDS[shell?.brandId ?? DEFAULT_BRAND_ID];
  useSearchTracking(
    brand,
    data.location,
    data.deals.map((deal) => deal.id),
    data.sponsored.map(({ card, adId }) => ({ dealId: card.id, adId })),
  );
  const found = data.count > 0;
  return (
    <div className="listing search-page">
      <h1>{data.heading}</h1>
      {data.problem && (
        <p className="search-page__problem" role="alert">
          {data.problem}
        </p>
      )}
      {data.query && (
        <p className="listing__count">
          {data.count} {data.count === 1 ? "deal" : "deals"}
          {data.pagination.pageCount > 1 &&
            `, page ${data.pagination.current} of ${data.pagination.pageCount}`}
          {data.vip && ", VIP deals only"}
        </p>
      )}
      {data.query && (found || data.vip) && (
        <p className="search-page__vip">
          <Link to={data.vipToggle}>{data.vip ? "Show every deal" : "Show VIP deals only"}</Link>
        </p>
      )}
      {found && data.fuzzy && (
        <p className="search-page__fuzzy">
          No deal has every word you typed, so here are deals with similar words.
        </p>
      )}
      {found && (
        <QueryLinks id="search-other-spellings" title="You could also try" links={data.otherSpellings} />
      )}
      {found && data.filters ? (
        <div className="listing__body">
          <ListingFilters filters={data.filters} />
          <div className="listing__results">
            {data.sponsored.length > 0 && (
              <section aria-labelledby="search-sponsored">
                <h2 id="search-sponsored" className="visually-hidden">
                  Sponsored results
                </h2>
                <ul className="deal-grid">
                  {data.sponsored.map(({ card }) => (
                    <li
                      key={card.id}
                      className="sponsored-result"
                      onClickCapture={() => sponsoredClicked(brand, card.id)}
                    >
                      <p className="badge badge--sponsored">Sponsored</p>
                      <DealCard deal={card} eager />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <ListingDeals deals={data.deals} count={data.count} next={data.pagination.next} />
            <PaginationNav pagination={data.pagination} />
          </div>
        </div>
      ) : (
        <NothingFound data={data} />
      )}
      <RecentlyViewed />
    </div>
  );
}
