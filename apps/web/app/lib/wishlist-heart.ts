/**
 * The wishlist heart on deal cards and the deal page. It is a plain form that works without
 * JavaScript (the page comes back with the heart filled); with the script below it changes
 * in place and the change is announced through one polite status region (islands/shell.ts
 * runs it on every page).
 */
export const WISHLIST_TOGGLE_PATH = "/wishlist/toggle";
export const WISHLIST_STATUS_ID = "wishlist-status";

/** The heart's outline (an SVG path), drawn by WishlistHeart and by cards the browser adds. */
export const WISHLIST_HEART_PATH =
  "M12 21s-7.5-4.6-9.6-9.2C1 8.7 2.9 5 6.6 5c2.1 0 3.6 1.2 4.4 2.5h2C13.8 6.2 15.3 5 17.4 5 21.1 5 23 8.7 21.6 11.8 19.5 16.4 12 21 12 21z";

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
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-wishlist-heart")) return;
    event.preventDefault();
    const status = document.getElementById(statusId);
    const body = new FormData(form);
    const dealId = String(body.get("dealId"));
    fetch(form.action, {
      method: "POST",
      body,
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then((response) => response.json() as Promise<{ wished: boolean; message: string }>)
      .then((answer) => {
        for (const heart of document.querySelectorAll<HTMLFormElement>(
          `form[data-wishlist-heart="${dealId}"]`,
        )) {
          heart.querySelector("button")?.setAttribute("aria-pressed", String(answer.wished));
          const wish = heart.querySelector<HTMLInputElement>('input[name="wish"]');
          if (wish) wish.value = answer.wished ? "0" : "1";
        }
        if (status) status.textContent = answer.message;
      })
      .catch(() => {
        if (status) status.textContent = failed;
      });
  });
}
