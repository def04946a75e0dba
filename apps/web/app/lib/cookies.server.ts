/** Reading and writing the few cookies the storefront handles itself (login redirect hints). */
import type { CookieSpec } from "@deals/domain/cookies";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

const secure = (request: Request) => new URL(request.url).protocol === "https:";

/** A Set-Cookie value for one of the spec's cookies, on the whole site. */
export function setCookie(request: Request, spec: CookieSpec, value: string): string {
  const age = spec.maxAgeSeconds === undefined ? "" : `; Max-Age=${spec.maxAgeSeconds}`;
  return `${spec.name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}${secure(request) ? "; Secure" : ""}`;
}

export function clearCookie(request: Request, spec: CookieSpec): string {
  return `${spec.name}=; Path=/; SameSite=Lax; Max-Age=0${secure(request) ? "; Secure" : ""}`;
}
