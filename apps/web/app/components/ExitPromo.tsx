import { COPY_FEEDBACK_MS, EXIT_PROMO, REVIEW_STARS } from "@deals/domain/constants";
import { exitPromoVisible } from "@deals/domain/exit-promo";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { DEAL_IMAGE_SIZE } from "../lib/images.ts";
import { RECENT_DEALS_STORAGE_KEY, recentDealIds } from "../lib/recently-viewed.ts";
import type { loader } from "../routes/resources/exit-promo.ts";

/** Set for the rest of the browser session once the promo has shown. */
export const SHOWN_KEY = "exit-promo-shown";
/** A lightbox already on the page keeps the promo away (product.md §2 "App shell"). */
export const LIGHTBOX_SELECTOR = "[data-lightbox], .lightbox";
/** Exit intent only where a mouse can leave the page: wide screens with a fine pointer. */
export const EXIT_INTENT_MEDIA = "(pointer: fine) and (hover: hover)";
/** Narrow screens show more skeleton cards while the deals load. */
export const MOBILE_MEDIA = "(max-width: 767.98px)";

interface ExitPromoProps {
  code: string;
  termsHref: string;
  /** The shopper's location, for its new products. */
  location: string;
}

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return true;
  }
}

/**
 * The exit promo (product.md §2 "App shell", §4 "Exit promo"): when the mouse leaves the top
 * of the window, once per session, a modal dialog offers an extra 10% with a code to copy
 * and up to 6 deals. A native modal dialog: focus stays inside, Escape closes it.
 */
export function ExitPromo({ code, termsHref, location }: ExitPromoProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const [skeletons, setSkeletons] = useState<number>(EXIT_PROMO.skeletonsDesktop);
  const fetcher = useFetcher<typeof loader>();
  const { load } = fetcher;
  const navigate = useNavigate();

  useEffect(() => {
    if (!window.matchMedia(EXIT_INTENT_MEDIA).matches) return;
    const onLeave = (event: MouseEvent) => {
      if (event.relatedTarget !== null || event.clientY > 0 || seenThisSession()) return;
      const shown = exitPromoVisible(false, "trigger", {
        lightboxOnPage: document.querySelector(LIGHTBOX_SELECTOR) !== null,
      });
      if (!shown) return;
      try {
        sessionStorage.setItem(SHOWN_KEY, new Date().toISOString());
      } catch {
        // Without storage the promo may show again on another page: no harm.
      }
      setSkeletons(
        window.matchMedia(MOBILE_MEDIA).matches ? EXIT_PROMO.skeletonsMobile : EXIT_PROMO.skeletonsDesktop,
      );
      let ids: number[] = [];
      try {
        ids = recentDealIds(localStorage.getItem(RECENT_DEALS_STORAGE_KEY), EXIT_PROMO.maxDeals);
      } catch {
        ids = [];
      }
      const query = new URLSearchParams({ location });
      for (const id of ids) query.append("id", String(id));
      void load(`/resources/exit-promo?${query}`);
      setVisible(true);
    };
    document.documentElement.addEventListener("mouseleave", onLeave);
    return () => document.documentElement.removeEventListener("mouseleave", onLeave);
  }, [load, location]);

  useEffect(() => {
    const element = dialog.current;
    if (visible && element && !element.open) element.showModal();
    if (!visible && element?.open) element.close();
  }, [visible]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const close = () => setVisible((shown) => exitPromoVisible(shown, "close", { lightboxOnPage: false }));
  const deals = fetcher.data?.deals;
  const rating = fetcher.data?.rating;

  return (
    <dialog ref={dialog} className="exit-promo" aria-labelledby="exit-promo-title" onClose={close}>
      {visible && (
        <>
          <button type="button" className="exit-promo__close" onClick={close} aria-label="Close">
            ×
          </button>
          <h2 id="exit-promo-title" className="exit-promo__title">
            SAVE AN EXTRA 10%
          </h2>
          <p className="exit-promo__prompt">
            <label htmlFor="exit-promo-code">Copy To Claim Your Discount Below:</label>
          </p>
          <div className="exit-promo__code">
            <input id="exit-promo-code" type="text" value={code} readOnly />
            <button
              type="button"
              className="button"
              onClick={() => {
                void navigator.clipboard?.writeText(code).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? "Copied!" : "Copy"}
            </button>
          </div>
          <p className="exit-promo__terms">
            <a href={termsHref}>For full T&amp;Cs Click Here</a>
          </p>
          {rating && (
            // The trust-rating widget, from the site's own reviews: the words say it all, the
            // stars (filled to the rating) are their picture.
            <p className="trust-rating">
              <span className="trust-rating__stars" aria-hidden="true">
                {"★".repeat(REVIEW_STARS)}
                <span className="trust-rating__filled" style={{ width: `${rating.fill}%` }}>
                  {"★".repeat(REVIEW_STARS)}
                </span>
              </span>{" "}
              <span className="trust-rating__text">{rating.text}</span>
            </p>
          )}
          <ul className="exit-promo__deals" aria-busy={deals === undefined}>
            {deals === undefined
              ? Array.from({ length: skeletons }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                  <li key={i} className="exit-promo__skeleton" aria-hidden="true" />
                ))
              : deals.map((deal) => (
                  <li key={deal.id}>
                    <a
                      href={deal.urlPath}
                      className="exit-promo__deal"
                      onClick={(event) => {
                        event.preventDefault();
                        setVisible((shown) =>
                          exitPromoVisible(shown, "cardClick", { lightboxOnPage: false }),
                        );
                        navigate(deal.urlPath);
                      }}
                    >
                      {deal.image && (
                        <img
                          src={deal.image.url}
                          alt=""
                          width={DEAL_IMAGE_SIZE.width}
                          height={DEAL_IMAGE_SIZE.height}
                          loading="lazy"
                        />
                      )}
                      <span className="exit-promo__headline">{deal.headline}</span>
                      {!deal.price.hidden && (
                        <span className="exit-promo__price">
                          <strong>{deal.price.full}</strong>
                          {deal.price.was && (
                            <>
                              {" "}
                              <s>
                                <span className="visually-hidden">was </span>
                                {deal.price.was}
                              </s>
                            </>
                          )}
                        </span>
                      )}
                      <span className="exit-promo__view" aria-hidden="true">
                        View
                      </span>
                    </a>
                  </li>
                ))}
          </ul>
        </>
      )}
    </dialog>
  );
}
