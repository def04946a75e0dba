import { useContext } from "react";
import { dealCardListHtml } from "../lib/deal-card-html.ts";
import type { DealCardView } from "../lib/listing.server.ts";
import { usePlainRender } from "../lib/static-markup.ts";
import { DealCard } from "./DealCard.tsx";
import { WishedDealIds } from "./WishlistHeart.tsx";

interface DealCardListProps {
  className: string;
  deals: readonly DealCardView[];
  /** How many of the first cards load their picture at once (the first screenful). */
  eagerCards: number;
  /**
   * A listing's grid: the list carries the listing's count and each item its deal's id, for the
   * listing's script (islands/listing-page.ts).
   */
  listingCount?: number;
}

/**
 * A list of deal cards, one per item. On a plain page the items are written as one text
 * (lib/deal-card-html.ts), with the preloads React adds to the head for the eager pictures:
 * React spent about a microsecond on each item, its card and their wrappers, a homepage holding
 * 77 of them (docs/scaling.md "Deal lists and filters as text").
 */
export function DealCardList({ className, deals, eagerCards, listingCount }: DealCardListProps) {
  const plain = usePlainRender();
  const wished = useContext(WishedDealIds);
  const listing = listingCount !== undefined;
  if (plain) {
    const html = dealCardListHtml(deals, {
      eagerCards,
      itemDealIds: listing,
      wished,
    });
    return (
      <>
        {deals
          .slice(0, eagerCards)
          .map((deal) => deal.image && <link key={deal.id} rel="preload" as="image" href={deal.image.url} />)}
        <ul
          className={className}
          data-listing-grid={listing || undefined}
          data-count={listingCount}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped (deal-card-html.ts)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </>
    );
  }
  return (
    <ul className={className} data-listing-grid={listing || undefined} data-count={listingCount}>
      {deals.map((deal, i) => (
        <li key={deal.id} data-deal-id={listing ? deal.id : undefined}>
          <DealCard deal={deal} eager={i < eagerCards} />
        </li>
      ))}
    </ul>
  );
}
