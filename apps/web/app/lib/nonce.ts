import { createContext, useContext } from "react";

/**
 * The nonce of this response's Content-Security-Policy: inline scripts (React Router's own,
 * on hydrated pages) run only with it; the site's own scripts are islands served from /assets
 * (packages/domain content-security-policy.ts). Set by entry.server.tsx; in the browser
 * there is none, and none is needed, since nothing adds inline scripts after the page loads.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
