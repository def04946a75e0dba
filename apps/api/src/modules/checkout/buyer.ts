/**
 * Who is buying, as the stock, promo and idempotency counters key it: a signed-in customer by
 * id, a guest at an express checkout by email address.
 */
import type { Customer } from "../accounts/auth.ts";

export function customerBuyerKey(customer: Pick<Customer, "id">): string {
  return `customer:${customer.id}`;
}

export function guestBuyerKey(email: string): string {
  return `guest:${email.trim().toLowerCase()}`;
}
