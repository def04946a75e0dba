/**
 * The deal page is a plain document, not hydrated, which keeps its JavaScript to this one
 * small island (islands/deal-page.ts; design.md "Speed": deal page JavaScript). Everything works without
 * it: it only ticks the countdown, shows the chosen product's price and quantity limit,
 * swaps pictures in place, records the visit for "recently viewed" and adds to the basket
 * without leaving the page. */
import { MAX_RECENT_VIEWED_DEAL_PARAMS, RECENT_DEALS_PER_LOCATION_TYPE } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";
import { ADD_TO_BASKET_FAILED_MESSAGE, type AddToBasketAnswer } from "./add-to-basket.ts";
import { RECENT_DEALS_STORAGE_KEY, recentDealIds, rememberDeal } from "./recently-viewed.ts";

/** Time left to buy as "2d 04:13:22" (days only when there are some); never negative. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.floor(Math.max(0, remainingMs) / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  const clock = [
    Math.floor((totalSeconds % 86_400) / 3600),
    Math.floor((totalSeconds % 3600) / 60),
    totalSeconds % 60,
  ]
    .map((n) => String(n).padStart(2, "0"))
    .join(":");
  return days > 0 ? `${days}d ${clock}` : clock;
}

function enhanceDealPage(
  format: (remainingMs: number) => string,
  remember: typeof rememberDeal,
  recent: typeof recentDealIds,
  storageKey: string,
  keep: number,
  listingCookie: { name: string; maxAgeSeconds?: number; ids: number },
): void {
  const article = document.querySelector<HTMLElement>("[data-deal-id]");
  try {
    const dealId = Number(article?.dataset.dealId);
    const type = article?.dataset.locationType;
    if (dealId > 0 && type) {
      const stored = remember(localStorage.getItem(storageKey), type, dealId, new Date().toISOString(), keep);
      localStorage.setItem(storageKey, stored);
      // The newest few, for the listings to send as recentViewedDeal (cookies.ts).
      const ids = recent(stored, listingCookie.ids).join(",");
      const maxAge =
        listingCookie.maxAgeSeconds === undefined ? "" : `; max-age=${listingCookie.maxAgeSeconds}`;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari
      document.cookie = `${listingCookie.name}=${encodeURIComponent(ids)}; path=/${maxAge}; samesite=lax`;
    }
  } catch {
    // Storage is off (private browsing, quota): the page works the same without it.
  }

  const countdown = document.querySelector<HTMLElement>("[data-closes-at]");
  const clock = countdown?.querySelector("time");
  if (countdown && clock) {
    const closesAt = Date.parse(countdown.dataset.closesAt ?? "");
    const tick = () => {
      const left = closesAt - Date.now();
      if (left > 0) {
        clock.textContent = format(left);
        return;
      }
      countdown.textContent = "This deal has closed.";
      clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
  }

  document.querySelector("[data-product-choice]")?.addEventListener("change", (event) => {
    const chosen = (event.target as HTMLInputElement | HTMLSelectElement).value;
    for (const price of document.querySelectorAll<HTMLElement>("[data-price-for]")) {
      price.hidden = price.dataset.priceFor !== chosen;
      const max = price.dataset.maxQuantity;
      const quantity = document.querySelector<HTMLInputElement>("[data-quantity]");
      const limit = document.querySelector("[data-quantity-max]");
      if (price.hidden || !max || !quantity || !limit) continue;
      quantity.max = max;
      if (Number(quantity.value) > Number(max)) quantity.value = max;
      limit.textContent = max;
    }
  });

  const picture = document.querySelector<HTMLImageElement>("[data-gallery-main]");
  const thumbnails = document.querySelectorAll<HTMLAnchorElement>("[data-gallery-alt]");
  for (const thumbnail of thumbnails) {
    thumbnail.addEventListener("click", (event) => {
      if (!picture) return;
      event.preventDefault();
      picture.src = thumbnail.href;
      picture.alt = thumbnail.dataset.galleryAlt ?? "";
      for (const other of thumbnails) other.removeAttribute("aria-current");
      thumbnail.setAttribute("aria-current", "true");
    });
  }
}

/** The header's count once `quantity` more is added: shown before the basket answers. */
export function optimisticBasketCount(shown: string | null | undefined, quantity: unknown): number {
  const before = Number.parseInt(shown ?? "", 10);
  const adding = Number.parseInt(String(quantity), 10);
  return (Number.isFinite(before) && before > 0 ? before : 0) + (adding > 0 ? adding : 1);
}

/**
 * "Add to basket" without leaving the page: the form is sent by fetch() to the same
 * /basket/add action, the header's count goes up at once and back down if the basket refuses,
 * and the answer is read out beside the button. Without this script the form posts as usual.
 */
function enhanceAddToBasket(next: typeof optimisticBasketCount, failed: string): void {
  const form = document.querySelector<HTMLFormElement>('form[action="/basket/add"]');
  const count = document.querySelector<HTMLElement>("[data-basket-count]");
  if (!form || typeof fetch !== "function") return;
  const status = document.createElement("p");
  status.className = "buy-form__status";
  status.setAttribute("role", "status");
  form.append(status);
  let sending = false;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    sending = true;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    const before = count?.textContent ?? "0";
    if (count) count.textContent = String(next(before, body.get("quantity")));
    status.textContent = "";
    let message = failed;
    try {
      const response = await fetch(form.action, {
        method: "POST",
        body,
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      const answer = (await response.json()) as AddToBasketAnswer;
      if (answer.added) {
        if (count) count.textContent = String(answer.count);
        const link = document.createElement("a");
        link.href = answer.basketUrl;
        link.textContent = "View basket";
        status.replaceChildren(`${answer.message} `, link);
        return;
      }
      message = answer.message || failed;
    } catch {
      // Offline or an unreadable answer: the generic message stands.
    } finally {
      sending = false;
    }
    if (count) count.textContent = before;
    status.textContent = message;
  });
}

/** The deal page's island: the page's own behaviour, then adding to the basket in place. */
export function runDealPage(): void {
  enhanceDealPage(
    formatCountdown,
    rememberDeal,
    recentDealIds,
    RECENT_DEALS_STORAGE_KEY,
    RECENT_DEALS_PER_LOCATION_TYPE,
    { ...COOKIES.recentViewedDeal, ids: MAX_RECENT_VIEWED_DEAL_PARAMS },
  );
  enhanceAddToBasket(optimisticBasketCount, ADD_TO_BASKET_FAILED_MESSAGE);
}
