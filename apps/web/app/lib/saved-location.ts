/**
 * The saved location as the browser reads it from its own cookie (product.md §3: lat, lon,
 * name, shortName), for pages whose server did not look at it. Browser-safe: the server
 * writes the cookie with the shared schema (cookies.ts); this only reads the fields.
 */
import type { SavedLocation } from "@deals/domain/location";

function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The saved location in a Cookie header (or document.cookie), or null for none or junk. */
export function savedLocationFromCookies(cookies: string, name: string): SavedLocation | null {
  const value = cookieValue(cookies, name);
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(decoded(value));
    if (typeof parsed !== "object" || parsed === null) return null;
    const { shortName, name: locationName, lat, lon } = parsed as Record<string, unknown>;
    if (typeof shortName !== "string" || shortName.trim() === "") return null;
    return {
      shortName,
      name: typeof locationName === "string" ? locationName : null,
      lat: typeof lat === "number" ? lat : null,
      lon: typeof lon === "number" ? lon : null,
    };
  } catch {
    return null;
  }
}
