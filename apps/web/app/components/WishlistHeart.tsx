/**
 * The heart that wishes a deal (product.md §3 "Wishlist"): a toggle button, pressed when the
 * deal is on the shopper's wishlist, inside a form that works without JavaScript
 * (lib/wishlist-heart.ts).
 */
import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import { WISHLIST_HEART_PATH, WISHLIST_TOGGLE_PATH } from "../lib/wishlist-heart.ts";

/** The shopper's wished deal ids, provided by the shell (root.tsx). */
export const WishedDealIds = createContext<readonly number[]>([]);

interface WishlistHeartProps {
  dealId: number;
  headline: string;
}

export function WishlistHeart({ dealId, headline }: WishlistHeartProps) {
  const location = useLocation();
  const wished = useContext(WishedDealIds).includes(dealId);
  return (
    <form method="post" action={WISHLIST_TOGGLE_PATH} className="wishlist-heart" data-wishlist-heart={dealId}>
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="wish" value={wished ? "0" : "1"} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="wishlist-heart__button"
        aria-pressed={wished}
        aria-label={`Wishlist: ${headline}`}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d={WISHLIST_HEART_PATH} />
        </svg>
      </button>
    </form>
  );
}

/** The one region the hearts' script announces its changes in. */
export function WishlistStatus({ id }: { id: string }) {
  return <p id={id} className="visually-hidden" role="status" aria-live="polite" />;
}
