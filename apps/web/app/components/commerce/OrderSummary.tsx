import { type OrderSummaryAmounts, orderSummaryRows } from "../../lib/order-summary.ts";

interface OrderSummaryProps {
  summary: OrderSummaryAmounts;
  /** A change is on its way: the amounts shown are the last confirmed ones. */
  updating?: boolean;
  headingId?: string;
  /** Something is delivered: postage is named even when free. */
  delivered?: boolean;
}

/**
 * The full price, always: every charge named, what comes off, and the total (product.md §3
 * "Checkout data": orderSummary). A table, so each amount is read with its label.
 */
export function OrderSummary({
  summary,
  updating = false,
  headingId = "order-summary",
  delivered = false,
}: OrderSummaryProps) {
  return (
    <section className="order-summary" aria-labelledby={headingId} aria-busy={updating || undefined}>
      <h2 id={headingId}>Order summary</h2>
      <table>
        <tbody>
          {orderSummaryRows(summary, { delivered }).map((row) => (
            <tr key={row.key} className={`order-summary__${row.kind}`} data-summary={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {updating && <p className="order-summary__updating">Updating your total…</p>}
    </section>
  );
}
