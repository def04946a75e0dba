/**
 * One API call made for the browser's request: it forwards the request's cookies (the
 * session), Origin (the API's CSRF check) and Host, and throws the API's error on a non-2xx.
 */
import type { Brand } from "@deals/domain/brand";
import { forwardedHeaders } from "./accounts-api.ts";
import { apiErrorFrom, apiHeaders } from "./api.ts";
import type { ApiFetch } from "./context.ts";

export type ForwardingCall = <T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
) => Promise<T>;

export function forwardingCall(fetcher: ApiFetch, brand: Brand, request: Request): ForwardingCall {
  const headers = { ...apiHeaders(brand), ...forwardedHeaders(request) };
  return async <T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ) => {
    const sent = {
      ...headers,
      ...extraHeaders,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    };
    const response = await fetcher(path, {
      method,
      headers: sent,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await apiErrorFrom(response);
    return (await response.json()) as T;
  };
}
