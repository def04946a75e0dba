import type { ListingData } from "../lib/listing.server.ts";
import { DealCard } from "./DealCard.tsx";
import { PaginationNav } from "./PaginationNav.tsx";

/** Cards in the first rows on a wide screen: their pictures are not lazy. */
const EAGER_CARDS = 4;

export function ListingPage({ data }: { data: ListingData }) {
  const { heading, count, deals, pagination } = data;
  return (
    <div className="listing">
      <h1>{heading}</h1>
      <p className="listing__count">
        {count} {count === 1 ? "deal" : "deals"}
        {pagination.pageCount > 1 && `, page ${pagination.current} of ${pagination.pageCount}`}
      </p>
      {deals.length === 0 ? (
        <p>There are no deals here right now. Please look again soon.</p>
      ) : (
        <ul className="deal-grid">
          {deals.map((deal, i) => (
            <li key={deal.id}>
              <DealCard deal={deal} eager={i < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
      <PaginationNav pagination={pagination} />
    </div>
  );
}
