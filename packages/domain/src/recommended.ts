/**
 * Recommendations a shopper sees (product.md §1 "recommendations", §2 "recommended"): each
 * deal once, and no near-identical copies: two deals with the same headline from the same
 * merchant (the same offer listed twice, say in two towns) count as one, the first kept.
 */

interface Recommendable {
  readonly id: number;
  readonly headline: string;
  readonly business: { readonly name: string } | null;
}

/**
 * Offer keys of deals already seen. The API recommends from summaries it keeps in memory, the same
 * objects for every page until the deal changes (a change is a new object), so each headline is
 * worked out once rather than on every deal page.
 */
const offerKeys = new WeakMap<Recommendable, string>();

/** The words of a headline, lower-case, "&" read as "and", without punctuation or spacing differences. */
function offerKey(deal: Recommendable): string {
  let key = offerKeys.get(deal);
  if (key === undefined) {
    const words = deal.headline
      .toLowerCase()
      .replaceAll("&", " and ")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    key = `${deal.business?.name.toLowerCase() ?? ""}|${words}`;
    offerKeys.set(deal, key);
  }
  return key;
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
