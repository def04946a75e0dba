/**
 * Deal and product ids as they appear in URLs and query strings: positive whole numbers.
 * Shared by the listing query and the deal path parsers.
 */
const ID_TEXT = /^[1-9]\d{0,15}$/;

/** A positive whole-number id from URL text, or null for anything else. Never throws. */
export function parseCatalogueId(text: unknown): number | null {
  if (typeof text !== "string" || !ID_TEXT.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
