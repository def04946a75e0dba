/**
 * What the search page reports from the browser (services.md §7.8): the deals it listed, per
 * location, and the sponsored results shown and clicked. Reports go with fetch keepalive, so
 * one sent as the page hides still arrives (sendBeacon cannot carry the brand headers).
 */
import type { Brand } from "@deals/domain/brand";
import { IMPRESSIONS_FLUSH_AT } from "@deals/domain/constants";
import { useEffect } from "react";
import { type ApiClient, createApiClient } from "./api.ts";
import {
  createSponsoredTracker,
  type SponsoredEntry,
  type SponsoredTracker,
  sessionIdOnDemand,
} from "./sponsored-tracking.ts";

/** Where the session id is kept: this tab's sessionStorage, and a cookie for the visit's other tabs. */
const SESSION_STORAGE_KEY = "sponsoredSessionId";
const SESSION_COOKIE = "sponsored_session";
/** The customer token cookie, kept client-side (product.md §3 "Cookies"). */
const CUSTOMER_TOKEN_COOKIE = "customer_token";

function browserApi(brand: Brand): ApiClient {
  return createApiClient((path, init) => fetch(path, { ...init, keepalive: true }), brand);
}

function cookieValue(name: string): string | undefined {
  const entry = document.cookie.split("; ").find((part) => part.startsWith(`${name}=`));
  return entry && decodeURIComponent(entry.slice(name.length + 1));
}

const warn = (message: string, error?: unknown) => console.warn(message, error ?? "");

/**
 * Reports the deals a listing showed. services.md §8: an impression without a location is an
 * error, "Deal impressions: undefined or missing location data".
 */
export function reportDealImpressions(
  api: ApiClient,
  location: string | undefined,
  dealIds: readonly number[],
) {
  if (!location) throw new Error("Deal impressions: undefined or missing location data");
  return api.dealImpressions(location, dealIds);
}

let tracker: SponsoredTracker | undefined;

/** The page's one sponsored tracker; what is still queued is sent as the page hides. */
function sponsoredTracker(brand: Brand): SponsoredTracker {
  if (tracker) return tracker;
  const api = browserApi(brand);
  const session = sessionIdOnDemand(
    {
      read: () => {
        try {
          return sessionStorage.getItem(SESSION_STORAGE_KEY);
        } catch {
          return null;
        }
      },
      write: (sessionId) => {
        try {
          sessionStorage.setItem(SESSION_STORAGE_KEY, sessionId);
        } catch {
          // Storage is off: the cookie still keeps the session for this visit.
        }
        // biome-ignore lint/suspicious/noDocumentCookie: a plain session cookie, readable by every tab
        document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(sessionId)}; Path=/; SameSite=Lax`;
      },
    },
    async () => {
      const customerToken = cookieValue(CUSTOMER_TOKEN_COOKIE);
      const known = cookieValue(SESSION_COOKIE);
      const answer = await api.sponsoredSession({
        ...(customerToken ? { customerToken } : {}),
        ...(known ? { sessionId: known } : {}),
      });
      return answer.sessionId;
    },
    warn,
  );
  const created = createSponsoredTracker({
    session,
    send: (event) => void api.adEvents(event).catch((error: unknown) => warn("ad event not recorded", error)),
    flushAt: IMPRESSIONS_FLUSH_AT,
    warn,
  });
  window.addEventListener("pagehide", () => void created.flush());
  tracker = created;
  return created;
}

/** Records a click on a sponsored result before the link is followed. */
export function sponsoredClicked(brand: Brand, dealId: number): void {
  void sponsoredTracker(brand).clicked(dealId);
}

/**
 * Reports a page of results once it is shown: its deals as impressions for `location`, and
 * its sponsored results into the impression queue (sent at 50, on page hide, or when the
 * shopper moves on to other results).
 */
export function useSearchTracking(
  brand: Brand,
  location: string,
  dealIds: readonly number[],
  sponsored: readonly SponsoredEntry[],
): void {
  const dealKey = dealIds.join(",");
  const sponsoredKey = JSON.stringify(sponsored.map(({ dealId, adId }) => ({ dealId, adId })));

  useEffect(() => {
    const ids = dealKey.split(",").filter(Boolean).map(Number);
    if (ids.length === 0) return;
    try {
      reportDealImpressions(browserApi(brand), location, ids).catch((error: unknown) =>
        warn("deal impressions not recorded", error),
      );
    } catch (error) {
      warn("deal impressions not recorded", error);
    }
  }, [brand, location, dealKey]);

  useEffect(() => {
    const entries = JSON.parse(sponsoredKey) as SponsoredEntry[];
    if (entries.length === 0) return;
    const shown = sponsoredTracker(brand);
    for (const entry of entries) shown.shown(entry);
    return () => void shown.flush();
  }, [brand, sponsoredKey]);
}
