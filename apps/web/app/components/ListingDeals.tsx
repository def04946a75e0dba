import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ListingData } from "../lib/listing.server.ts";
import {
  type AppendedPages,
  appendDeals,
  appendedPagesKey,
  readAppendedPages,
  writeAppendedPages,
} from "../lib/load-more.ts";
import { DealCardList } from "./DealCardList.tsx";
import { Link } from "./Link.tsx";

/** Cards in the first rows on a wide screen: their pictures are not lazy. */
const EAGER_CARDS = 4;

type Card = ListingData["deals"][number];

interface ListingDealsProps {
  deals: Card[];
  count: number;
  /** The next page's address, or null on the last page. */
  next: string | null;
}

/**
 * The deal grid with a "Load more" link: without JavaScript it opens the next page; with it,
 * the next page's deals are appended in place and kept for Back (lib/load-more.ts). Plain
 * pages do the same with their island (islands/listing-page.ts), which finds the
 * grid, its cards and the link by their data attributes.
 */
export function ListingDeals({ deals, count, next }: ListingDealsProps) {
  const location = useLocation();
  const key = appendedPagesKey(location.key, `${location.pathname}${location.search}`);
  const [appended, setAppended] = useState<AppendedPages<Card> | null>(null);
  const restoreScroll = useRef<number | null>(null);
  const fetcher = useFetcher<ListingData>();

  // Back to a list that had pages appended: show them again (after hydration, so the
  // server's HTML still matches), then go back to where the shopper was.
  useLayoutEffect(() => {
    const stored = readAppendedPages<Card>(sessionStorage, key);
    setAppended(stored);
    restoreScroll.current = stored?.scrollY ?? null;
  }, [key]);

  useLayoutEffect(() => {
    if (appended && restoreScroll.current !== null) {
      window.scrollTo(0, restoreScroll.current);
      restoreScroll.current = null;
    }
  }, [appended]);

  useEffect(() => {
    const more = fetcher.data;
    if (!more || fetcher.state !== "idle") return;
    setAppended((current) => ({
      deals: appendDeals(current?.deals ?? [], more.deals),
      next: more.pagination.next,
      scrollY: window.scrollY,
    }));
  }, [fetcher.data, fetcher.state]);

  // Keep the list and the scroll position for this history entry while there is a list.
  useEffect(() => {
    if (!appended) return;
    let scrollY = window.scrollY;
    const track = () => {
      scrollY = window.scrollY;
    };
    const save = () => writeAppendedPages(sessionStorage, key, { ...appended, scrollY });
    save();
    window.addEventListener("scroll", track, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      save();
      window.removeEventListener("scroll", track);
      window.removeEventListener("pagehide", save);
    };
  }, [appended, key]);

  const shown = appended ? appendDeals(deals, appended.deals) : deals;
  const nextPage = appended ? appended.next : next;
  const loading = fetcher.state !== "idle";

  if (shown.length === 0) return <p>There are no deals here right now. Please look again soon.</p>;
  return (
    <>
      <DealCardList className="deal-grid" deals={shown} eagerCards={EAGER_CARDS} listingCount={count} />
      {appended && (
        <p className="listing__shown" aria-live="polite">
          Showing {shown.length} of {count} deals
        </p>
      )}
      {nextPage && (
        <p className="load-more" data-load-more>
          <Link
            to={nextPage}
            className="button button--secondary"
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(nextPage);
            }}
          >
            {loading ? "Loading more deals…" : "Load more deals"}
          </Link>
        </p>
      )}
    </>
  );
}
