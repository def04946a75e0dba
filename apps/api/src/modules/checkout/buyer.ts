/**
 * Who is buying, as the stock, promo and idempotency counters key it: the customer's id (a
 * guest at an express checkout has a guest account, so one too).
 */
import type { Customer } from "../accounts/auth.ts";

export function customerBuyerKey(customer: Pick<Customer, "id">): string {
  return `customer:${customer.id}`;
}
