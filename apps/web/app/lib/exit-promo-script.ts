/**
 * The exit promo on plain (not hydrated) pages, run by the plain shell's island: the same modal
 * ExitPromo.tsx shows on hydrated pages (product.md §2 "App shell", §4 "Exit promo"), with
 * the same rules (domain exit-promo.ts) and the same once-per-session key. When the mouse
 * leaves the top of the window, a native modal dialog offers the code to copy and up to 6
 * deals from resources/exit-promo; Escape, the X or a card closes it. The dialog is built
 * only then, so the page carries none of it.
 */
import { COPY_FEEDBACK_MS, EXIT_PROMO, REVIEW_STARS } from "@deals/domain/constants";
import { exitPromoVisible } from "@deals/domain/exit-promo";
import { EXIT_INTENT_MEDIA, LIGHTBOX_SELECTOR, MOBILE_MEDIA, SHOWN_KEY } from "../components/ExitPromo.tsx";
import { DEAL_IMAGE_SIZE } from "./images.ts";
import type { DealCardView } from "./listing.server.ts";
import { RECENT_DEALS_STORAGE_KEY, recentDealIds } from "./recently-viewed.ts";

export interface ExitPromoScriptConfig {
  code: string;
  termsHref: string;
  /** The shopper's location, for its new products. */
  location: string;
}

interface ExitPromoRules {
  shownKey: string;
  lightboxSelector: string;
  exitIntentMedia: string;
  mobileMedia: string;
  recentDealsKey: string;
  maxDeals: number;
  skeletonsDesktop: number;
  skeletonsMobile: number;
  copyFeedbackMs: number;
  imageSize: { width: number; height: number };
  reviewStars: number;
}

function enhanceExitPromo(
  config: ExitPromoScriptConfig,
  rules: ExitPromoRules,
  visibleAfter: typeof exitPromoVisible,
  recent: typeof recentDealIds,
): void {
  if (typeof matchMedia !== "function" || !matchMedia(rules.exitIntentMedia).matches) return;
  const seenThisSession = () => {
    try {
      return sessionStorage.getItem(rules.shownKey) !== null;
    } catch {
      return true;
    }
  };
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };

  function show() {
    const dialog = element("dialog", "exit-promo");
    dialog.setAttribute("aria-labelledby", "exit-promo-title");
    const close = element("button", "exit-promo__close", "×");
    close.type = "button";
    close.setAttribute("aria-label", "Close");
    const title = element("h2", "exit-promo__title", "SAVE AN EXTRA 10%");
    title.id = "exit-promo-title";
    const prompt = element("p", "exit-promo__prompt");
    const label = element("label", undefined, "Copy To Claim Your Discount Below:");
    label.htmlFor = "exit-promo-code";
    prompt.append(label);
    const codeRow = element("div", "exit-promo__code");
    const code = element("input");
    code.id = "exit-promo-code";
    code.type = "text";
    code.value = config.code;
    code.readOnly = true;
    const copy = element("button", "button", "Copy");
    copy.type = "button";
    codeRow.append(code, copy);
    const terms = element("p", "exit-promo__terms");
    const termsLink = element("a", undefined, "For full T&Cs Click Here");
    termsLink.href = config.termsHref;
    terms.append(termsLink);
    const deals = element("ul", "exit-promo__deals");
    deals.setAttribute("aria-busy", "true");
    const skeletons = matchMedia(rules.mobileMedia).matches ? rules.skeletonsMobile : rules.skeletonsDesktop;
    for (let i = 0; i < skeletons; i++) {
      const skeleton = element("li", "exit-promo__skeleton");
      skeleton.setAttribute("aria-hidden", "true");
      deals.append(skeleton);
    }
    dialog.append(close, title, prompt, codeRow, terms, deals);

    let copiedTimer = 0;
    copy.addEventListener("click", () => {
      void navigator.clipboard?.writeText(config.code).then(
        () => {
          copy.textContent = "Copied!";
          clearTimeout(copiedTimer);
          copiedTimer = window.setTimeout(() => {
            copy.textContent = "Copy";
          }, rules.copyFeedbackMs);
        },
        () => {
          copy.textContent = "Copy";
        },
      );
    });
    const hide = () => {
      if (!visibleAfter(true, "close", { lightboxOnPage: false }) && dialog.open) dialog.close();
    };
    close.addEventListener("click", hide);
    dialog.addEventListener("close", () => {
      clearTimeout(copiedTimer);
      dialog.remove();
    });
    // A card opens its deal and closes the promo (a page kept for Back shows it closed).
    deals.addEventListener("click", (event) => {
      const card = event.target instanceof Element ? event.target.closest("a") : null;
      if (card && !visibleAfter(true, "cardClick", { lightboxOnPage: false })) dialog.close();
    });

    document.body.append(dialog);
    dialog.showModal();

    let ids: number[] = [];
    try {
      ids = recent(localStorage.getItem(rules.recentDealsKey), rules.maxDeals);
    } catch {
      ids = [];
    }
    const query = new URLSearchParams({ location: config.location });
    for (const id of ids) query.append("id", String(id));
    fetch(`/resources/exit-promo?${query}`, { credentials: "same-origin" })
      .then((response) =>
        response.ok
          ? (response.json() as Promise<{
              deals?: DealCardView[];
              rating?: { text: string; fill: number } | null;
            }>)
          : null,
      )
      .then(
        (answer) => {
          // The trust-rating widget (as ExitPromo.tsx draws it): the words, and stars filled to the rating.
          const rating = answer?.rating;
          if (rating) {
            const widget = element("p", "trust-rating");
            const stars = element("span", "trust-rating__stars", "★".repeat(rules.reviewStars));
            stars.setAttribute("aria-hidden", "true");
            const filled = element("span", "trust-rating__filled", "★".repeat(rules.reviewStars));
            filled.style.width = `${rating.fill}%`;
            stars.append(filled);
            widget.append(stars, " ", element("span", "trust-rating__text", rating.text));
            deals.before(widget);
          }
          const cards = (answer?.deals ?? []).map((deal) => {
            const item = element("li");
            const link = element("a", "exit-promo__deal");
            link.href = deal.urlPath;
            if (deal.image) {
              const picture = element("img");
              picture.src = deal.image.url;
              picture.alt = "";
              picture.width = rules.imageSize.width;
              picture.height = rules.imageSize.height;
              picture.loading = "lazy";
              link.append(picture);
            }
            link.append(element("span", "exit-promo__headline", deal.headline));
            if (!deal.price.hidden) {
              const price = element("span", "exit-promo__price");
              price.append(element("strong", undefined, deal.price.full));
              if (deal.price.was) {
                const was = element("s");
                was.append(element("span", "visually-hidden", "was "), deal.price.was);
                price.append(" ", was);
              }
              link.append(price);
            }
            const view = element("span", "exit-promo__view", "View");
            view.setAttribute("aria-hidden", "true");
            link.append(view);
            item.append(link);
            return item;
          });
          deals.replaceChildren(...cards);
          deals.setAttribute("aria-busy", "false");
        },
        (error: unknown) => console.warn("exit promo deals unavailable", error),
      );
  }

  const onLeave = (event: MouseEvent) => {
    if (event.relatedTarget !== null || event.clientY > 0 || seenThisSession()) return;
    const lightboxOnPage = document.querySelector(rules.lightboxSelector) !== null;
    if (!visibleAfter(false, "trigger", { lightboxOnPage })) return;
    try {
      sessionStorage.setItem(rules.shownKey, new Date().toISOString());
    } catch {
      // Without storage the promo may show again on another page: no harm.
    }
    show();
  };
  document.documentElement.addEventListener("mouseleave", onLeave);
}

const RULES: ExitPromoRules = {
  shownKey: SHOWN_KEY,
  lightboxSelector: LIGHTBOX_SELECTOR,
  exitIntentMedia: EXIT_INTENT_MEDIA,
  mobileMedia: MOBILE_MEDIA,
  recentDealsKey: RECENT_DEALS_STORAGE_KEY,
  maxDeals: EXIT_PROMO.maxDeals,
  skeletonsDesktop: EXIT_PROMO.skeletonsDesktop,
  skeletonsMobile: EXIT_PROMO.skeletonsMobile,
  copyFeedbackMs: COPY_FEEDBACK_MS,
  imageSize: DEAL_IMAGE_SIZE,
  reviewStars: REVIEW_STARS,
};

/** The exit promo of one page: the code, its terms and the shopper's location are its own. */
export function enhancePlainExitPromo(config: ExitPromoScriptConfig): void {
  enhanceExitPromo(config, RULES, exitPromoVisible, recentDealIds);
}
