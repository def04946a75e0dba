import type { ReactNode } from "react";
import type { ListingData } from "../lib/listing.server.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { ListingDeals } from "./ListingDeals.tsx";
import { ListingFilters } from "./ListingFilters.tsx";
import { PaginationNav } from "./PaginationNav.tsx";
import { TravelMenu } from "./TravelMenu.tsx";

/** A listing page; `children` come between the heading and the deals (the gift finder's form). */
export function ListingPage({ data, children }: { data: ListingData; children?: ReactNode }) {
  const { heading, intro, count, deals, pagination, filters, crumbs, travelMenu } = data;
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
        <div className="listing__results">
          <ListingDeals deals={deals} count={count} next={pagination.next} />
          <PaginationNav pagination={pagination} />
        </div>
      </div>
    </div>
  );
}
