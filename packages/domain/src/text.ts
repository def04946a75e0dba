/** Text rules for display (product.md §5: titles are truncated at the last space before a limit). */

export const ELLIPSIS = "\u2026";

/**
 * Shortens a title to at most `limit` characters, cut at the last space so no word is
 * broken, then ends it with an ellipsis (added after the cut). A title without a space
 * before the limit is cut at the limit. Trailing spaces and separating punctuation go
 * before the ellipsis. Never throws: junk text gives "", a junk limit keeps the title.
 */
export function truncateTitle(text: unknown, limit: number): string {
  if (typeof text !== "string") return "";
  const title = text.trim();
  if (!Number.isInteger(limit) || limit < 1 || title.length <= limit) return title;
  const lastSpace = title.lastIndexOf(" ", limit);
  const head = lastSpace > 0 ? title.slice(0, lastSpace) : title.slice(0, limit);
  return `${head.replace(/[\s,;:\-\u2013\u2014]+$/, "")}${ELLIPSIS}`;
}
