/**
 * The wishlist heart on deal cards and the deal page. It is a plain form that works without
 * JavaScript (the page comes back with the heart filled); with the script below it changes
 * in place and the change is announced through one polite status region. The script is
 * inlined by its source text, so it must use nothing from outside its own body.
 */
import { inlineScript } from "./inline-script.ts";

export const WISHLIST_TOGGLE_PATH = "/wishlist/toggle";
export const WISHLIST_STATUS_ID = "wishlist-status";

export const WISHLIST_HEART_MESSAGES = {
  added: "Added to your wishlist",
  removed: "Removed from your wishlist",
  failed: "Your wishlist could not be changed. Please try again.",
} as const;

export interface WishlistHeartAnswer {
  wished: boolean;
  message: string;
}

function enhanceWishlistHearts(statusId: string, failed: string): void {
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

export const WISHLIST_HEART_SCRIPT = inlineScript(
  `(${enhanceWishlistHearts.toString()})(${JSON.stringify(WISHLIST_STATUS_ID)}, ${JSON.stringify(WISHLIST_HEART_MESSAGES.failed)});`,
);
