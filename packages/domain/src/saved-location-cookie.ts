/** The saved location cookie's value: what it keeps and how it is read and written. */
import { z } from "zod";

/**
 * The saved location cookie keeps lat, lon, name and shortName (product.md §3 "Location").
 * Coordinates may be missing from an older cookie; the location is then saved again
 * (product.md §4 "Location selection"), so they are optional here.
 */
export const savedLocationCookieSchema = z.object({
  name: z.string().trim().min(1),
  shortName: z.string().trim().min(1),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
});

export type SavedLocationCookie = z.infer<typeof savedLocationCookieSchema>;

/** Reads a saved location cookie value (JSON, possibly URI-encoded); undefined for junk. */
export function parseSavedLocationCookie(value: unknown): SavedLocationCookie | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const parsed = parseJson(value) ?? parseJson(decodeOrUndefined(value));
  const result = savedLocationCookieSchema.safeParse(parsed);
  return result.success ? result.data : undefined;
}

/** The cookie value for a saved location: only the four kept fields. */
export function serializeSavedLocationCookie(location: SavedLocationCookie): string {
  const { name, shortName, lat, lon } = savedLocationCookieSchema.parse(location);
  return JSON.stringify({ name, shortName, lat, lon });
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function decodeOrUndefined(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
