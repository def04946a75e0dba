/**
 * Errors met while answering a page on the server, reported to the API's log (services.md
 * §7.8 "POST client error log") through the page's own in-process API client, so the line
 * carries the page request's id. Sent without waiting: the error page never waits on it.
 */
import { clientLogRecord } from "@deals/domain/client-log";
import { type AppLoadContext, isRouteErrorResponse } from "react-router";
import { createApiClient } from "./api.ts";
import { requestBrand } from "./brand.server.ts";

export function reportServerError(
  context: AppLoadContext | undefined,
  request: Request,
  thrown: unknown,
): void {
  // A shopper who left before the page was sent is no error of ours; a 4xx a route chose is an answer.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(thrown) && thrown.status < 500) return;
  // React Router wraps its own failures (an internal 500) around the error itself.
  const error = isRouteErrorResponse(thrown) ? ((thrown as { error?: unknown }).error ?? thrown) : thrown;
  if (!context?.apiFetch) {
    console.error(error);
    return;
  }
  const url = new URL(request.url);
  const record = clientLogRecord(error, {
    server: true,
    description: `${request.method} ${url.pathname}`,
    referrer: request.headers.get("referer") ?? undefined,
    userAgent: request.headers.get("user-agent") ?? undefined,
  });
  createApiClient(context.apiFetch, requestBrand(request))
    .log(record)
    .catch((failed: unknown) => console.error("error report failed", failed, error));
}
