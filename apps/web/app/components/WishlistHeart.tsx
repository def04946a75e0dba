/**
 * The heart that wishes a deal (product.md §3 "Wishlist"): a toggle button, pressed when the
 * deal is on the shopper's wishlist, of the page's one wishlist form, which works without
 * JavaScript (lib/wishlist-heart.ts).
 */
import { createContext, useContext } from "react";
import { useLocation } from "react-router";
import {
  heartField,
  WISHLIST_FORM_ID,
  WISHLIST_HEART_PATH,
  WISHLIST_HEART_SHAPE_ID,
  WISHLIST_TOGGLE_PATH,
} from "../lib/wishlist-heart.ts";

/** The shopper's wished deal ids, provided by the shell (root.tsx). */
export const WishedDealIds = createContext<readonly number[]>([]);

interface WishlistHeartProps {
  dealId: number;
  headline: string;
}

export function WishlistHeart({ dealId, headline }: WishlistHeartProps) {
  const wished = useContext(WishedDealIds).includes(dealId);
  return (
    <button
      type="submit"
      form={WISHLIST_FORM_ID}
      value={dealId}
      className="wishlist-heart"
      aria-pressed={wished}
      aria-label={`Wishlist: ${headline}`}
      name={heartField(wished)}
    >
      <svg width="24" height="24" aria-hidden="true">
        <use href={`#${WISHLIST_HEART_SHAPE_ID}`} />
      </svg>
    </button>
  );
}

/**
 * The page's one wishlist form, which every heart submits, and the heart's outline they all
 * draw: once per page, where each heart had its own.
 */
export function WishlistForm() {
  const location = useLocation();
  return (
    <>
      <form id={WISHLIST_FORM_ID} method="post" action={WISHLIST_TOGGLE_PATH}>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      </form>
      <svg display="none" aria-hidden="true">
        <symbol id={WISHLIST_HEART_SHAPE_ID} viewBox="0 0 24 24">
          <path d={WISHLIST_HEART_PATH} />
        </symbol>
      </svg>
    </>
  );
}

/** The one region the hearts' script announces its changes in. */
export function WishlistStatus({ id }: { id: string }) {
  return <p id={id} className="visually-hidden" role="status" aria-live="polite" />;
}
