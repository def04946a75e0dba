/**
 * The deal page's loyalty island (services.md §7.6 view-deal and share-deal): a small island
 * (islands/deal-share.ts) beside the page's own, that reports the view of the deal for a signed-in shopper and
 * turns on the share button: the device's share sheet (Web Share API) where there is one,
 * otherwise the deal's link copied to the clipboard; the outcome is announced, and a share is
 * recorded for club points. Without JavaScript the button stays hidden.
 */
import { API_VERSION } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";

export const SHARE_MESSAGES = {
  shared: "Thanks for sharing this deal.",
  copied: "Link copied. Paste it to share this deal.",
  /** Neither sharing nor the clipboard is allowed: the link to copy by hand. */
  copyByHand: "Copy this link to share the deal:",
} as const;

export function enhanceDealSharing(
  version: string,
  tokenCookie: string,
  messages: typeof SHARE_MESSAGES,
): void {
  const article = document.querySelector<HTMLElement>("[data-deal-id]");
  const box = document.querySelector<HTMLElement>("[data-deal-share]");
  const dealId = Number(article?.dataset.dealId);
  if (!box || !(dealId > 0)) return;
  const signedIn = document.cookie.split(/;\s*/).some((part) => part.startsWith(`${tokenCookie}=`));
  const record = (path: string, body: unknown) => {
    if (!signedIn || typeof fetch !== "function") return;
    fetch(path, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        brand: box.dataset.apiBrand ?? "",
        "country-code": box.dataset.apiCountry ?? "",
        version,
      },
      body: JSON.stringify(body),
    }).catch(() => {
      // Points are a bonus: a lost report changes nothing on the page.
    });
  };
  record("/v1/loyalty/view-deal", { viewDeal: { dealId } });

  const button = box.querySelector("button");
  const status = box.querySelector<HTMLElement>("[data-deal-share-status]");
  if (!button || !status) return;
  box.hidden = false;
  const url = `${location.origin}${location.pathname}`;
  const title = document.querySelector("h1")?.textContent ?? document.title;
  button.addEventListener("click", async () => {
    status.textContent = "";
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
        status.textContent = messages.shared;
      } else {
        await navigator.clipboard.writeText(url);
        status.textContent = messages.copied;
      }
    } catch (error) {
      // The shopper closed the share sheet: nothing was shared, nothing to say.
      if ((error as { name?: string } | null)?.name === "AbortError") return;
      status.textContent = `${messages.copyByHand} ${url}`;
      return;
    }
    record("/v1/loyalty/share-deal", { shareDeal: { dealId } });
  });
}

/** The island's run: the API version, the sign-in cookie's name and the messages. */
export function runDealSharing(): void {
  enhanceDealSharing(API_VERSION, COOKIES.customerToken.name, SHARE_MESSAGES);
}
