/**
 * Notify me (product.md §4 "Stock labels": out of stock with notify-me): what the shopper is
 * told, by the API and by the deal page alike.
 */
import { VALIDATION_MESSAGES } from "./validation.ts";

export const NOTIFY_ME_MESSAGES = {
  sent: "We'll email you when this deal is back in stock.",
  invalid: VALIDATION_MESSAGES.email,
  failed: "Sorry, we couldn't take your request. Please try again.",
  onSale: "This deal is on sale now: add it to your basket.",
  ended: "This deal has ended",
} as const;

/** The deal page's notify-me section, where the shopper lands back after asking. */
export const NOTIFY_ME_ANCHOR = "notify-me";

export type NotifyMeOutcome = "sent" | "invalid" | "failed";

/** The outcome a deal page address names (?notifyMe=), or null. */
export function notifyMeOutcome(value: string | null): NotifyMeOutcome | null {
  return value === "sent" || value === "invalid" || value === "failed" ? value : null;
}
