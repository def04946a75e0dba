/**
 * Seed reviews: a handful for about a third of the deals, mostly favourable, written after
 * the deal was published. Averages are written back to deals and merchants at seed time.
 */
import type { reviews } from "../schema/catalogue.ts";
import type { DealRow } from "./deals.ts";
import type { MerchantRow } from "./merchants.ts";
import type { Random } from "./random.ts";
import { authorName, reviewText } from "./text.ts";

export type ReviewRow = typeof reviews.$inferInsert;

const RATING_WEIGHTS: Record<number, number> = { 5: 50, 4: 30, 3: 12, 2: 5, 1: 3 };
const REVIEWED_SHARE = 0.35;

export function buildReviews(
  deal: DealRow,
  merchant: MerchantRow,
  now: Date,
  random: Random,
  words: Random,
): ReviewRow[] {
  if (!random.chance(REVIEWED_SHARE)) return [];
  const from = deal.publishedAt.getTime();
  const span = Math.max(0, now.getTime() - from);
  return Array.from({ length: random.int(1, 8) }, () => {
    const rating = random.weighted([5, 4, 3, 2, 1], (r) => RATING_WEIGHTS[r]!);
    return {
      dealId: deal.id,
      merchantId: merchant.id,
      rating,
      ...reviewText(rating, merchant.displayName, deal.dealType ?? "voucher", random, words),
      authorName: authorName(random),
      createdAt: new Date(from + Math.floor(random.next() * span)),
    };
  });
}

/** Average to two decimals, or null when there is nothing to average. */
export function averageRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  const sum = ratings.reduce((total, r) => total + r, 0);
  return Math.round((sum / ratings.length) * 100) / 100;
}
