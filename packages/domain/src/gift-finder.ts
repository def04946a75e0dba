/**
 * The gift finder (product.md §2 "Gift finder"): recipients and personalities, each with
 * the search tag gifts-for-{slug}, and budgets from the steps 0, 10, 20, 50, 100.
 */
import { GIFT_FINDER_BUDGET_STEPS } from "./constants.ts";
import { pathSegments } from "./page-type.ts";

export interface GiftFinderChoice {
  label: string;
  slug: string;
  searchTag: string;
}

/** "Little Ones" → "little-ones", "Insta-famous" → "insta-famous". */
export function giftFinderSlug(label: string): string {
  return label.trim().toLowerCase().replace(/\s+/g, "-");
}

export function giftFinderSearchTag(slug: string): string {
  return `gifts-for-${slug}`;
}

const choices = (labels: readonly string[]): GiftFinderChoice[] =>
  labels.map((label) => {
    const slug = giftFinderSlug(label);
    return { label, slug, searchTag: giftFinderSearchTag(slug) };
  });

export const GIFT_RECIPIENTS = choices([
  "Mum",
  "Dad",
  "Hubby",
  "Wifey",
  "Little Ones",
  "Teen",
  "Grandparents",
  "BFF",
  "Colleague",
]);

export const GIFT_PERSONALITIES = choices([
  "Playful",
  "Indulgent",
  "Insta-famous",
  "Geeky",
  "Giggly",
  "Gorgeous",
  "Active",
  "Pampered",
  "Jet Setter",
  "Daredevil",
]);

/** A budget in major units; the last has no upper bound. */
export interface GiftFinderBudget {
  minPrice: number;
  maxPrice: number | null;
}

/** Bands between the budget steps, then "the top step and above": 0–10 … 50–100, 100+. */
export const GIFT_FINDER_BUDGETS: readonly GiftFinderBudget[] = GIFT_FINDER_BUDGET_STEPS.map(
  (minPrice, i) => ({
    minPrice,
    maxPrice: GIFT_FINDER_BUDGET_STEPS[i + 1] ?? null,
  }),
);

/**
 * The recipient of a gift-finder path: /gift-finder/gifts-for-{recipient}. Null for the
 * bare /gift-finder, and for a path that is not the gift finder or names no known
 * recipient.
 */
export function giftFinderRecipientFromPath(path: unknown): GiftFinderChoice | null {
  if (typeof path !== "string") return null;
  const [first, second, ...rest] = pathSegments(path);
  if (first !== "gift-finder" || second === undefined || rest.length > 0) return null;
  return GIFT_RECIPIENTS.find((r) => r.searchTag === second) ?? null;
}

export interface GiftFinderSelection {
  recipient?: string | null;
  personality?: string | null;
  /** Index into GIFT_FINDER_BUDGETS. */
  budget?: number | null;
}

/**
 * Listing parameters for a selection (names as parseListingQuery reads them): giftFor is
 * the recipient; the search tag is the personality's when one is chosen, as the narrower
 * choice, else the recipient's; the budget sets the price range. Unknown choices are
 * left out.
 */
export function giftFinderListingParams(selection: GiftFinderSelection): Record<string, string> {
  const recipient = GIFT_RECIPIENTS.find((r) => r.slug === selection.recipient);
  const personality = GIFT_PERSONALITIES.find((p) => p.slug === selection.personality);
  const budget = typeof selection.budget === "number" ? GIFT_FINDER_BUDGETS[selection.budget] : undefined;
  const params: Record<string, string> = {};
  if (recipient) params.giftFor = recipient.slug;
  const tag = (personality ?? recipient)?.searchTag;
  if (tag) params.searchTag = tag;
  if (budget) {
    params.minPrice = String(budget.minPrice);
    if (budget.maxPrice !== null) params.maxPrice = String(budget.maxPrice);
  }
  return params;
}
