import type { ReactNode } from "react";
import { useLocation, useMatches } from "react-router";
import filtersFoldIsland from "../islands/filters-fold.ts?worker&url";
import listingPageIsland from "../islands/listing-page.ts?worker&url";
import type { ListingData } from "../lib/listing.server.ts";
import { pageHydrates } from "../lib/page-handle.ts";
import { listingLocationType } from "../lib/recently-viewed.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { BlockingIsland, Island } from "./Island.tsx";
import { ListingDeals } from "./ListingDeals.tsx";
import { ListingFilters } from "./ListingFilters.tsx";
import { PaginationNav } from "./PaginationNav.tsx";
import { RecentlyViewed } from "./RecentlyViewed.tsx";
import { TravelMenu } from "./TravelMenu.tsx";

/** A listing page; `children` come between the heading and the deals (the gift finder's form). */
export function ListingPage({ data, children }: { data: ListingData; children?: ReactNode }) {
  const { heading, intro, count, deals, pagination, filters, crumbs, travelMenu } = data;
  const { pathname } = useLocation();
  const hydrate = pageHydrates(useMatches().map((match) => match.handle));
  const locationType = listingLocationType(pathname);
  return (
    <div className="listing">
      {travelMenu && <TravelMenu menu={travelMenu} />}
      <Breadcrumbs crumbs={crumbs} />
      <h1>{heading}</h1>
      <p className="listing__count">
        {count} {count === 1 ? "deal" : "deals"}
        {pagination.pageCount > 1 && `, page ${pagination.current} of ${pagination.pageCount}`}
      </p>
      {intro && <p className="listing__intro">{intro}</p>}
      {children}
      <div className="listing__body">
        <ListingFilters filters={filters} />
        {/* Right after the filters, before the first paint: folded on small screens, nothing moves. */}
        <BlockingIsland src={filtersFoldIsland} />
        <div className="listing__results">
          <ListingDeals deals={deals} count={count} next={pagination.next} />
          <PaginationNav pagination={pagination} />
        </div>
      </div>
      {hydrate ? (
        <RecentlyViewed locationType={locationType} />
      ) : (
        <section
          className="recently-viewed"
          aria-labelledby="recently-viewed-title"
          data-recently-viewed={locationType ?? ""}
          hidden
        >
          <h2 id="recently-viewed-title">Recently viewed</h2>
          <ul className="deal-grid deal-grid--compact" />
        </section>
      )}
      {/* A plain page's filters, "Load more" and recently viewed (the shell's scripts are root.tsx's). */}
      {!hydrate && <Island src={listingPageIsland} />}
    </div>
  );
}
