/**
 * Which other searches a search page offers (product.md §2 "search with suggestions, top
 * searches"): "Did you mean" names only searches that read like what the shopper typed, by
 * trigram similarity as the database measures it (pg_trgm: each word padded with two spaces
 * before and one after, similarity = shared trigrams / all trigrams). A query that is close to
 * no real word ("zzzzqqq") gets no suggestions rather than a guess.
 */

/** Similarity at or above which a search reads like another (pg_trgm's own default, 0.3). */
export const DID_YOU_MEAN_MIN_SIMILARITY = 0.3;

/** The trigrams of a text, as pg_trgm takes them: lower case, per word of letters and digits. */
export function trigrams(text: string): Set<string> {
  const result = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  }
  return result;
}

/** Shared trigrams over all trigrams of the two texts: 1 for the same words, 0 for nothing alike. */
export function trigramSimilarity(a: string, b: string): number {
  const left = trigrams(a);
  const right = trigrams(b);
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const trigram of left) if (right.has(trigram)) shared++;
  return shared / (left.size + right.size - shared);
}

/**
 * The candidates worth offering for `query`, closest first (ties keep their order): each
 * reads like the query and differs from it (letter case aside); repeats are dropped.
 */
export function didYouMean(query: string, candidates: readonly string[], limit: number): string[] {
  const asked = query.trim().toLowerCase();
  const seen = new Set<string>([asked]);
  const scored: { text: string; score: number; index: number }[] = [];
  candidates.forEach((text, index) => {
    const key = text.trim().toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    const score = trigramSimilarity(asked, text);
    if (score >= DID_YOU_MEAN_MIN_SIMILARITY) scored.push({ text, score, index });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.text);
}
