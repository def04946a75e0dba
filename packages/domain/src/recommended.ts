/**
 * Recommendations a shopper sees (product.md §1 "recommendations", §2 "recommended"): each
 * deal once, and no near-identical copies: two deals with the same headline from the same
 * merchant (the same offer listed twice, say in two towns) count as one, the first kept.
 */

interface Recommendable {
  id: number;
  headline: string;
  business: { name: string } | null;
}

/** The words of a headline, lower-case, "&" read as "and", without punctuation or spacing differences. */
function offerKey(deal: Recommendable): string {
  const words = deal.headline
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return `${deal.business?.name.toLowerCase() ?? ""}|${words}`;
}

/** The deals in order, each id and each offer once, at most `limit`. */
export function distinctDeals<T extends Recommendable>(deals: readonly T[], limit: number): T[] {
  const ids = new Set<number>();
  const offers = new Set<string>();
  const kept: T[] = [];
  for (const deal of deals) {
    if (kept.length >= limit) break;
    const key = offerKey(deal);
    if (ids.has(deal.id) || offers.has(key)) continue;
    ids.add(deal.id);
    offers.add(key);
    kept.push(deal);
  }
  return kept;
}
