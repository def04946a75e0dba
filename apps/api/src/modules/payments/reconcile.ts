/**
 * Reconciliation: puts right what a crash left between our orders and the providers' ledgers
 * (orders/service.ts explains the checkout sequence). It looks only at things older than a
 * grace period, so it never races a checkout that is still running:
 *  - an order still pending: the provider is asked about its reference. Captured: the order is
 *    completed. Authorised: captured, then completed (the stock is held and the shopper asked
 *    to buy). Nothing, declined or voided: the order fails and its stock goes back.
 *  - a provider transaction still authorised or captured whose order failed or does not
 *    exist: the authorisation is voided, the capture refunded.
 * Completing and failing lock the order row and act only on a pending order, so two
 * processes reconciling at once, or a reconciliation beside a checkout, settle an order once.
 */
import { and, type Db, eq, lt } from "@deals/db";
import { orders } from "@deals/db/schema/commerce";
import { PAYMENT_PROVIDERS } from "@deals/domain/payment";
import { findOrder, linesOf, type OrderRow, paymentOf, paymentReference } from "../orders/queries.ts";
import { completeOrder, failOrder } from "../orders/settle.ts";
import type { PaymentProviders } from "./port.ts";

/**
 * Long past any checkout still running (ours): a pay call takes about a second under a
 * flash-sale rush (p99, docs/scaling.md) and a gateway call gives up well within a minute.
 * A shopper whose browser retries does not wait for it: the retry settles the order at once
 * (orders/service.ts). docs/reliability.md has the figures.
 */
export const RECONCILE_GRACE_MS = 60_000;

export interface ReconcileReport {
  completed: number;
  failed: number;
  voided: number;
  refunded: number;
}

const UNPAID_MESSAGE = "The payment was not completed.";

/**
 * Settles one pending order by what its provider knows of the order's reference: captured
 * (or authorised, then captured) completes it; declined or voided fails it. A reference the
 * provider has never seen fails the order only when `failUnknown` (past the grace, no checkout
 * can still be on its way to the provider); otherwise the order stays pending.
 */
export async function settleFromProvider(
  deps: { db: Db; providers: PaymentProviders },
  order: OrderRow,
  now: Date,
  { failUnknown }: { failUnknown: boolean },
): Promise<"completed" | "failed" | "pending"> {
  const { db, providers } = deps;
  const payment = await paymentOf(db, order.id);
  if (!payment) {
    // Wallet credit covered it: nothing to ask anyone, the reservation stands.
    await completeOrder(
      db,
      { order, lines: await linesOf(db, order.id) },
      { transactionId: null, cardType: null },
      now,
    );
    return "completed";
  }
  const provider = providers[payment.provider as keyof PaymentProviders];
  const transaction = await provider.findByReference(paymentReference(order.id));
  if (!transaction && !failUnknown) return "pending";
  const captured =
    transaction?.status === "captured" ||
    (transaction?.status === "authorised" && (await provider.capture(transaction.transactionId)).ok);
  if (captured) {
    const settled = await completeOrder(
      db,
      { order, lines: await linesOf(db, order.id) },
      { transactionId: transaction!.transactionId, cardType: transaction!.cardType },
      now,
    );
    // Failed meanwhile (its stock is back on sale): the money goes back now, not at the next run.
    if (settled.order.status === "paid") return "completed";
    await provider.refund(transaction!.transactionId);
    return "failed";
  }
  if (transaction?.status === "authorised") await provider.void(transaction.transactionId);
  await failOrder(db, order.id, { message: UNPAID_MESSAGE, paymentStatus: "voided" }, now);
  return "failed";
}

function orderIdOf(reference: string): number | undefined {
  const match = /^order-(\d+)$/.exec(reference);
  return match ? Number(match[1]) : undefined;
}

export async function reconcilePayments(
  deps: { db: Db; clock: () => Date; providers: PaymentProviders },
  graceMs = RECONCILE_GRACE_MS,
): Promise<ReconcileReport> {
  const { db, providers } = deps;
  const now = deps.clock();
  const before = new Date(now.getTime() - graceMs);
  const report: ReconcileReport = { completed: 0, failed: 0, voided: 0, refunded: 0 };

  const pending = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, before)));
  for (const order of pending) {
    const outcome = await settleFromProvider(deps, order, now, { failUnknown: true });
    if (outcome !== "pending") report[outcome] += 1;
  }

  for (const name of PAYMENT_PROVIDERS) {
    const provider = providers[name];
    for (const transaction of await provider.listTransactions(["authorised", "captured"], before)) {
      const orderId = orderIdOf(transaction.reference);
      const order = orderId === undefined ? undefined : await findOrder(db, orderId);
      if (order && order.status !== "failed") continue;
      if (transaction.status === "authorised") {
        await provider.void(transaction.transactionId);
        report.voided += 1;
      } else {
        await provider.refund(transaction.transactionId);
        report.refunded += 1;
      }
    }
  }
  return report;
}
