/**
 * The load context the API process hands to every loader (contracts.md "apps/web"): an
 * in-process fetch to the API, so the storefront calls only the API, without a network hop.
 */
export interface ApiRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export type ApiFetch = (path: string, init?: ApiRequestInit) => Promise<Response>;

declare module "react-router" {
  interface AppLoadContext {
    apiFetch: ApiFetch;
  }
}
