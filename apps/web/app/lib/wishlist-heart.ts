/**
 * The wishlist heart on deal cards and the deal page. Each heart is a button of one form per
 * page (`form="wishlist-toggle"`), which works without JavaScript: the button's own name and
 * value say what to do to which deal (`wish` or `unwish`, the deal id), the form says where to
 * come back to, and the page comes back with the heart filled. A form and its three fields on
 * each of a homepage's 77 cards, with the heart's outline drawn out in each, were a third of
 * its markup (docs/scaling.md). With the script below a heart changes in place and the change is
 * announced through one polite status region (islands/shell.ts runs it on every page).
 */
export const WISHLIST_TOGGLE_PATH = "/wishlist/toggle";
export const WISHLIST_FORM_ID = "wishlist-toggle";
export const WISHLIST_STATUS_ID = "wishlist-status";
/** The heart's outline, drawn once per page (WishlistForm) and used by every heart. */
export const WISHLIST_HEART_SHAPE_ID = "wishlist-heart-shape";

/** The heart's outline (an SVG path). */
export const WISHLIST_HEART_PATH =
  "M12 21s-7.5-4.6-9.6-9.2C1 8.7 2.9 5 6.6 5c2.1 0 3.6 1.2 4.4 2.5h2C13.8 6.2 15.3 5 17.4 5 21.1 5 23 8.7 21.6 11.8 19.5 16.4 12 21 12 21z";

/** What pressing a heart asks for: to wish the deal, or, when it is wished, to unwish it. */
export type HeartField = "wish" | "unwish";

export function heartField(wished: boolean): HeartField {
  return wished ? "unwish" : "wish";
}

/** The deal a posted heart names and whether it asks to wish it; null when it names none. */
export function heartChoice(form: FormData): { dealId: number; wish: boolean } | null {
  const wish = form.has("wish");
  const dealId = Number(form.get(wish ? "wish" : "unwish"));
  return Number.isSafeInteger(dealId) && dealId > 0 ? { dealId, wish } : null;
}

export const WISHLIST_HEART_MESSAGES = {
  added: "Added to your wishlist",
  removed: "Removed from your wishlist",
  failed: "Your wishlist could not be changed. Please try again.",
} as const;

export interface WishlistHeartAnswer {
  wished: boolean;
  message: string;
}

export function enhanceWishlistHearts(statusId: string, failed: string): void {
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const heart = event.submitter;
    if (!(form instanceof HTMLFormElement) || form.id !== WISHLIST_FORM_ID) return;
    if (!(heart instanceof HTMLButtonElement)) return;
    event.preventDefault();
    const status = document.getElementById(statusId);
    const body = new FormData(form);
    body.set(heart.name, heart.value);
    const dealId = heart.value;
    fetch(form.action, {
      method: "POST",
      body,
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then((response) => response.json() as Promise<WishlistHeartAnswer>)
      .then((answer) => {
        // Every heart of the deal on the page: a card and the deal's own, say.
        for (const button of document.querySelectorAll<HTMLButtonElement>(
          `button[form="${WISHLIST_FORM_ID}"][value="${dealId}"]`,
        )) {
          button.setAttribute("aria-pressed", String(answer.wished));
          button.name = heartField(answer.wished);
        }
        if (status) status.textContent = answer.message;
      })
      .catch(() => {
        if (status) status.textContent = failed;
      });
  });
}
