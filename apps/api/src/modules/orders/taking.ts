/**
 * The parts of the one statement that places an order (new-order.ts): each module that takes
 * something for an order (a promo use, wallet credit, stock) writes its own common table
 * expressions and says, as SQL, why it refused (null when it did not). A refusal raises
 * inside the statement (migration 0016's order_refused), so nothing any part did is kept.
 */
import type { SQL } from "@deals/db";

export interface StatementPart {
  name: string;
  body: SQL;
}

export interface Taking {
  parts: StatementPart[];
  /** A text expression: what refused, or null. */
  refusal: SQL;
}

/** The SQLSTATE order_refused raises with. */
const ORDER_REFUSED = "ORDER";

/** The refusal an order statement raised ("promo", "wallet", "product:12", ...), if it did. */
export function orderRefusal(error: unknown): string | undefined {
  for (let e = error as { code?: string; detail?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === ORDER_REFUSED) return e.detail ?? "";
    e = e.cause as typeof e;
  }
  return undefined;
}
