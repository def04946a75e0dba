/**
 * The gift finder's addresses (product.md §2 "Gift finder"): the recipient is in the path,
 * /gift-finder/gifts-for-{recipient}; a personality is the search tag and a budget the price
 * range in the query. Browser-safe, so the form can go straight to the address.
 */
import {
  GIFT_FINDER_BUDGETS,
  GIFT_PERSONALITIES,
  GIFT_RECIPIENTS,
  type GiftFinderSelection,
  giftFinderListingParams,
} from "@deals/domain/gift-finder";

export const GIFT_FINDER_PATH = "/gift-finder";

/** The form's field names. */
export const GIFT_FINDER_FIELDS = {
  recipient: "recipient",
  personality: "personality",
  budget: "budget",
} as const;

/** The address of a gift-finder choice. */
export function giftFinderHref(selection: GiftFinderSelection): string {
  const recipient = GIFT_RECIPIENTS.find((r) => r.slug === selection.recipient);
  const { giftFor: _inThePath, ...params } = giftFinderListingParams(selection);
  // Without a personality the recipient's tag is already the path's: no need to repeat it.
  if (!GIFT_PERSONALITIES.some((p) => p.slug === selection.personality)) delete params.searchTag;
  const query = new URLSearchParams(params).toString();
  const path = recipient ? `${GIFT_FINDER_PATH}/${recipient.searchTag}` : GIFT_FINDER_PATH;
  return query ? `${path}?${query}` : path;
}

/** The choice submitted by the form's fields, if they hold one. */
export function giftFinderFormSelection(fields: URLSearchParams): GiftFinderSelection | null {
  const { recipient, personality, budget } = GIFT_FINDER_FIELDS;
  if (![recipient, personality, budget].some((name) => fields.has(name))) return null;
  const budgetIndex = Number.parseInt(fields.get(budget) ?? "", 10);
  return {
    recipient: fields.get(recipient) || null,
    personality: fields.get(personality) || null,
    budget: Number.isInteger(budgetIndex) && GIFT_FINDER_BUDGETS[budgetIndex] ? budgetIndex : null,
  };
}

/** The choice an address stands for: the recipient of its path, the personality and budget of its query. */
export function giftFinderSelectionOf(
  recipientSlug: string | null,
  query: URLSearchParams,
): GiftFinderSelection {
  const tag = query.get("searchTag");
  const personality = GIFT_PERSONALITIES.find((p) => p.searchTag === tag)?.slug ?? null;
  const min = query.get("minPrice");
  const max = query.get("maxPrice");
  const budget = GIFT_FINDER_BUDGETS.findIndex(
    (b) => String(b.minPrice) === min && (b.maxPrice === null ? max === null : String(b.maxPrice) === max),
  );
  return { recipient: recipientSlug, personality, budget: budget < 0 ? null : budget };
}
