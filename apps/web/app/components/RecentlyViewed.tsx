import { RECENTLY_VIEWED_SHOWN } from "@deals/domain/constants";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { RECENT_DEALS_STORAGE_KEY, recentDealIds } from "../lib/recently-viewed.ts";
import type { loader } from "../routes/resources/recently-viewed.ts";
import { DealCard } from "./DealCard.tsx";

interface RecentlyViewedProps {
  /** Only deals of this location type (local, national, travel, gifts); all when absent. */
  locationType?: string;
}

/**
 * The deals this shopper viewed last, newest first (product.md §1 "recently viewed"). The
 * deal page records them in the browser; this strip shows them once the page is running in
 * the browser, on hydrated pages (plain pages have lib/listing-page-script.ts), and nothing
 * when there are none.
 */
export function RecentlyViewed({ locationType }: RecentlyViewedProps) {
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;

  useEffect(() => {
    const refresh = () => {
      let ids: number[] = [];
      try {
        ids = recentDealIds(
          localStorage.getItem(RECENT_DEALS_STORAGE_KEY),
          RECENTLY_VIEWED_SHOWN,
          locationType,
        );
      } catch {
        return;
      }
      if (ids.length > 0) void load(`/resources/recently-viewed?${ids.map((id) => `id=${id}`).join("&")}`);
    };
    refresh();
    // Back from a deal to a page the browser kept whole: the deal just seen belongs in the strip.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) refresh();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [load, locationType]);

  const deals = fetcher.data?.deals ?? [];
  if (deals.length === 0) return null;
  return (
    <section className="recently-viewed" aria-labelledby="recently-viewed-title">
      <h2 id="recently-viewed-title">Recently viewed</h2>
      <ul className="deal-grid deal-grid--compact">
        {deals.map((deal) => (
          <li key={deal.id}>
            <DealCard deal={deal} eager={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
