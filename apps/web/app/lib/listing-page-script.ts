/**
 * Location homepages are plain documents, not hydrated (design.md "Speed": Lighthouse >= 98),
 * so their listing behaviours are small islands (islands/listing-page.ts, filters-fold.ts,
 * recently-viewed-page.ts, recommended-page.ts). Everything works without them:
 * the filter form is a GET form the server tidies, "Load more" is a link to the next page,
 * and the recently viewed strip simply stays away. With them: a filter change applies at
 * once and keeps the scroll position, "Load more" appends the next page's cards in place and
 * keeps them for Back (load-more.ts), and the shopper's recently viewed deals show under the
 * list. */
import {
  BREAKPOINTS_PX,
  RECENT_DEALS_PER_LOCATION_TYPE,
  RECENTLY_VIEWED_SHOWN,
} from "@deals/domain/constants";
import { dealCardHtml } from "./deal-card-html.ts";
import type { DealCardView } from "./listing.server.ts";
import {
  type AppendedPages,
  appendDeals,
  appendedPagesKey,
  readAppendedPages,
  writeAppendedPages,
} from "./load-more.ts";
import { LOCATION_TYPES, RECENT_DEALS_STORAGE_KEY, recentDealIds } from "./recently-viewed.ts";

/** Below the large size the filters fold away under their summary (as ListingFilters does). */
export const FOLDED_FILTERS_MEDIA = `(max-width: ${BREAKPOINTS_PX.lg}px)`;

/** Where a filter change leaves the scroll position for the filtered page to take up. */
export const FILTER_SCROLL_KEY = "listing-filter-scroll";

/**
 * Folds the filters on small screens. It runs right after the filters are parsed, before the
 * first paint, so the deals below never jump (on hydrated pages too, where ListingFilters
 * then takes over).
 */
export function foldFilters(media: string): void {
  const filters = document.querySelector<HTMLDetailsElement>("details.filters");
  if (!filters || typeof matchMedia !== "function") return;
  const small = matchMedia(media);
  const fit = () => {
    filters.open = !small.matches;
  };
  fit();
  small.addEventListener("change", fit);
}

/**
 * A change in the filter form sends it at once (the server answers with the tidy address),
 * and the filtered page opens where the shopper was, like a hydrated listing does.
 */
export function enhanceFilters(scrollKey: string): void {
  const form = document.querySelector<HTMLFormElement>("form.filters__form");
  if (!form) return;
  // Only a page the filter form led to can have a position waiting (and storage is not free).
  let fromForm = false;
  try {
    fromForm = new URL(document.referrer).pathname === location.pathname;
  } catch {
    fromForm = false;
  }
  if (fromForm) {
    try {
      const kept = JSON.parse(sessionStorage.getItem(scrollKey) ?? "null") as {
        path?: unknown;
        y?: unknown;
        at?: unknown;
      } | null;
      sessionStorage.removeItem(scrollKey);
      const recent = typeof kept?.at === "number" && Date.now() - kept.at < 30_000;
      if (recent && kept?.path === location.pathname && typeof kept.y === "number")
        window.scrollTo(0, kept.y);
    } catch {
      // Storage is off: the filtered page opens at the top.
    }
  }
  const keepScroll = () => {
    try {
      sessionStorage.setItem(
        scrollKey,
        JSON.stringify({ path: location.pathname, y: window.scrollY, at: Date.now() }),
      );
    } catch {
      // Storage is off: the filtered page opens at the top.
    }
  };
  form.addEventListener("submit", keepScroll);
  form.addEventListener("change", () => {
    if (typeof form.requestSubmit === "function") form.requestSubmit();
    else {
      keepScroll();
      form.submit();
    }
  });
}

interface StoredCard {
  id: number;
  /** The card's list item as the server rendered it. */
  html: string;
}

/**
 * "Load more": the next page is fetched as the server renders it and its cards are appended
 * (each deal once); the list and the scroll position are kept per history entry, so Back
 * from a deal shows the same long list where the shopper left it. A failed fetch opens the
 * next page as the plain link would.
 */
export function enhanceLoadMore(
  append: typeof appendDeals,
  read: typeof readAppendedPages,
  write: typeof writeAppendedPages,
  keyOf: typeof appendedPagesKey,
): void {
  const grid = document.querySelector<HTMLElement>("[data-listing-grid]");
  const more = document.querySelector<HTMLElement>("[data-load-more]");
  const link = more?.querySelector("a");
  if (!grid || !more || !link || typeof fetch !== "function") return;
  const total = Number(grid.dataset.count);
  const idOf = (item: Element) => Number((item as HTMLElement).dataset.dealId);
  let firstPage: StoredCard[] = [...grid.children].map((item) => ({ id: idOf(item), html: item.outerHTML }));

  // The history entry's own key, kept in its state so a reload or Back finds it again. It is
  // made on the first "Load more": until then the entry has nothing stored.
  const state: Record<string, unknown> =
    history.state && typeof history.state === "object" ? history.state : {};
  const path = location.pathname + location.search;
  let key = typeof state.key === "string" ? keyOf(state.key, path) : "";
  const keyOfEntry = () => {
    if (!key) {
      const entry = Math.random().toString(36).slice(2, 10);
      history.replaceState({ ...state, key: entry }, "");
      key = keyOf(entry, path);
    }
    return key;
  };

  let appended: StoredCard[] = [];
  let next: string | null = link.getAttribute("href");
  let status: HTMLElement | null = null;
  let loading = false;

  const show = () => {
    const shown = new Set([...grid.children].map(idOf));
    for (const card of appended) {
      if (!shown.has(card.id)) grid.insertAdjacentHTML("beforeend", card.html);
    }
    if (!status) {
      status = document.createElement("p");
      status.className = "listing__shown";
      status.setAttribute("aria-live", "polite");
      grid.after(status);
    }
    status.textContent = `Showing ${grid.children.length} of ${total} deals`;
    if (next) link.setAttribute("href", next);
    else more.remove();
  };
  const save = () => {
    if (appended.length === 0) return;
    try {
      write(sessionStorage, keyOfEntry(), { firstPage, deals: appended, next, scrollY: window.scrollY });
    } catch {
      // Storage is off: Back shows the first page.
    }
  };

  let stored: AppendedPages<StoredCard> | null = null;
  try {
    stored = key ? read<StoredCard>(sessionStorage, key) : null;
  } catch {
    stored = null;
  }
  const cards = stored?.deals.filter((card) => card.id > 0 && typeof card.html === "string") ?? [];
  if (stored && cards.length > 0) {
    const shownFirst = stored.firstPage?.filter((card) => card.id > 0 && typeof card.html === "string") ?? [];
    if (shownFirst.length > 0) {
      grid.innerHTML = shownFirst.map((card) => card.html).join("");
      firstPage = shownFirst;
    }
    appended = cards;
    next = typeof stored.next === "string" ? stored.next : null;
    show();
    history.scrollRestoration = "manual";
    window.scrollTo(0, Number(stored.scrollY) || 0);
  }

  link.addEventListener("click", async (event) => {
    event.preventDefault();
    if (loading || !next) return;
    loading = true;
    const address = next;
    link.textContent = "Loading more deals…";
    link.setAttribute("aria-disabled", "true");
    try {
      const response = await fetch(address, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${address} answered ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = [...page.querySelectorAll("[data-listing-grid] > li")].map((item) => {
        for (const picture of item.querySelectorAll("img")) picture.loading = "lazy";
        return { id: idOf(item), html: item.outerHTML };
      });
      appended = append(append(firstPage, appended), fresh).slice(firstPage.length);
      next = page.querySelector("[data-load-more] a")?.getAttribute("href") ?? null;
      show();
      save();
    } catch (error) {
      console.warn("more deals unavailable", error);
      location.assign(address);
    } finally {
      loading = false;
      link.textContent = "Load more deals";
      link.removeAttribute("aria-disabled");
    }
  });
  window.addEventListener("pagehide", save);
}

/**
 * Cards chosen by the deals the shopper viewed (product.md §1 "recently viewed",
 * "recommendations"): the ids of the page's location type come from the browser's storage,
 * newest first, the cards from the server (`resource`: resources/recently-viewed, or
 * resources/recommended-for-you). They fill the `[data-recently-viewed]` section (unhidden)
 * and hide what the page shows without them (`[data-viewed-empty]`); nothing changes when
 * the shopper viewed none.
 */
function showViewedDeals(limit: number, resource: string): void {
  const section = document.querySelector<HTMLElement>("[data-recently-viewed]");
  const list = section?.querySelector("ul");
  if (!section || !list || typeof fetch !== "function") return;
  const refresh = () => {
    let ids: number[] = [];
    try {
      ids = recentDealIds(
        localStorage.getItem(RECENT_DEALS_STORAGE_KEY),
        limit,
        section.dataset.recentlyViewed || undefined,
      );
    } catch {
      return;
    }
    if (ids.length === 0) return;
    fetch(`${resource}?${ids.map((id) => `id=${id}`).join("&")}`, {
      credentials: "same-origin",
    })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{ deals?: DealCardView[]; wishedDealIds?: number[] }>)
          : null,
      )
      .then(
        (answer) => {
          const deals = answer?.deals ?? [];
          if (deals.length === 0) return;
          const wished = answer?.wishedDealIds ?? [];
          list.innerHTML = deals
            .map((deal) => `<li>${dealCardHtml(deal, false, wished.includes(deal.id))}</li>`)
            .join("");
          section.hidden = false;
          for (const empty of document.querySelectorAll<HTMLElement>("[data-viewed-empty]"))
            empty.hidden = true;
        },
        (error: unknown) => console.warn("recently viewed deals unavailable", error),
      );
  };
  refresh();
  // Back from a deal to a page the browser kept whole: the deal just seen belongs in the strip.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) refresh();
  });
}

/** Not needed for the first paint: a task of its own, after the page's. */
export function showViewedDealsLater(limit: number, resource: string): void {
  setTimeout(() => showViewedDeals(limit, resource));
}

/** The listing page's island: filters, Load more and the recently viewed strip. */
export function enhanceListingPage(): void {
  enhanceFilters(FILTER_SCROLL_KEY);
  enhanceLoadMore(appendDeals, readAppendedPages, writeAppendedPages, appendedPagesKey);
  showViewedDealsLater(RECENTLY_VIEWED_SHOWN, "/resources/recently-viewed");
}

/** Up to 5 deals of each location type: what /recently-viewed and /recommended-for-you read. */
export const VIEWED_DEALS_LIMIT = RECENT_DEALS_PER_LOCATION_TYPE * LOCATION_TYPES;
