/**
 * Errors in the shopper's browser, reported to the API's log (services.md §7.8 "POST client
 * error log", the record of §3): uncaught errors and rejections, and what the root error
 * boundary shows (it calls `reportError`, which reaches the same listener). At most a few per
 * page, so one broken page cannot flood the log. Its island (islands/error-log.ts) comes
 * first in the document, so it runs before the page's other scripts.
 */
import { CLIENT_LOG_TEXT_MAX } from "@deals/domain/client-log";

export const CLIENT_LOG_PATH = "/v1/log";
const MAX_REPORTS_PER_PAGE = 5;

function reportBrowserErrors(path: string, headers: Record<string, string>, max: number, cut: number): void {
  let sent = 0;
  const send = (error: unknown, fallback: string) => {
    if (sent >= max) return;
    sent++;
    const isError = error instanceof Error;
    const text = (value: string | undefined) => (value ? value.slice(0, cut) : undefined);
    const record = {
      client: true,
      name: isError ? error.name.slice(0, 200) : typeof error,
      message: text(isError ? error.message : fallback),
      error: text(isError ? error.stack : undefined),
      description: text(`${location.pathname}${location.search}`),
      referrer: text(document.referrer),
      userAgent: navigator.userAgent.slice(0, 500),
    };
    fetch(path, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(record),
    }).catch(() => undefined);
  };
  addEventListener("error", (event) => send(event.error, event.message));
  addEventListener("unhandledrejection", (event) => send(event.reason, String(event.reason)));
}

/** Reports this page's errors with the brand's API headers. */
export function reportPageErrors(headers: Record<string, string>): void {
  reportBrowserErrors(CLIENT_LOG_PATH, headers, MAX_REPORTS_PER_PAGE, CLIENT_LOG_TEXT_MAX);
}
