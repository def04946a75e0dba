import type { DealCardView } from "../lib/listing.server.ts";
import { DealCardList } from "./DealCardList.tsx";
import { Island } from "./Island.tsx";
import { Link } from "./Link.tsx";

interface PersonalDealsProps {
  heading: string;
  intro: string;
  /** Cards the server already knows; the page script replaces them from the deals viewed. */
  deals: DealCardView[];
  /** What the page says while it has no cards. */
  empty: string;
  /** The page's island (its URL), which fills the list from the deals viewed. */
  island: string;
}

/**
 * A page of deals chosen for this shopper (/recently-viewed, /recommended-for-you): a plain
 * document whose island fills the list from the deals viewed in this browser.
 */
export function PersonalDeals({ heading, intro, deals, empty, island }: PersonalDealsProps) {
  return (
    <div className="listing personal-deals">
      <h1>{heading}</h1>
      <p className="listing__intro">{intro}</p>
      <section aria-label={heading} data-recently-viewed="" hidden={deals.length === 0}>
        <DealCardList className="deal-grid" deals={deals} eagerCards={4} />
      </section>
      <p data-viewed-empty="" hidden={deals.length > 0}>
        {empty} <Link to="/">See today's deals</Link>
      </p>
      <Island src={island} />
    </div>
  );
}
