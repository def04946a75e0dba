/**
 * What a guest typed in the checkout's pay form, carried across signing in or creating an
 * account at the checkout, so the signed-in pay form starts from it (product.md §6: log in or
 * register to complete the purchase, without starting again). Names, addresses, phone numbers
 * and email addresses are carried; card numbers, expiry dates and security codes never are:
 * they are sent only with the payment they were typed for, never stored or shown again.
 */
import { ADDRESS_FIELDS, EXPRESS_EMAIL_FIELD, PASSENGER_FIELDS } from "./checkout-form.ts";

/** The draft's fields travel in the sign-in and register forms under this prefix. */
export const DRAFT_PREFIX = "draft.";

const MAX_DRAFT_VALUE_LENGTH = 200;
const CARRIED = new Set<string>([EXPRESS_EMAIL_FIELD, ...ADDRESS_FIELDS, "passengerCount", "paypalEmail"]);
const PASSENGER = new RegExp(`^p\\d+-(${PASSENGER_FIELDS.join("|")})$`);

export type PayDraft = Record<string, string>;

export const isCarried = (name: string) => CARRIED.has(name) || PASSENGER.test(name);

/** The carried fields among `entries` whose names start with `prefix`: non-empty, capped. */
export function payDraft(entries: Iterable<[string, unknown]>, prefix = ""): PayDraft {
  const draft: PayDraft = {};
  for (const [key, value] of entries) {
    if (!key.startsWith(prefix) || typeof value !== "string") continue;
    const name = key.slice(prefix.length);
    const text = value.trim();
    if (isCarried(name) && text !== "") draft[name] = text.slice(0, MAX_DRAFT_VALUE_LENGTH);
  }
  return draft;
}
