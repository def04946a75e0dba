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
import { findOrder, linesOf, paymentOf, paymentReference } from "../orders/queries.ts";
import { completeOrder, failOrder } from "../orders/settle.ts";
import type { PaymentProviders } from "./port.ts";

/** Long past any checkout still running (ours). */
export const RECONCILE_GRACE_MS = 10 * 60_000;

export interface ReconcileReport {
  completed: number;
  failed: number;
  voided: number;
  refunded: number;
}

const UNPAID_MESSAGE = "The payment was not completed.";

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
    const payment = await paymentOf(db, order.id);
    if (!payment) {
      // Wallet credit covered it: nothing to ask anyone, the reservation stands.
      await completeOrder(
        db,
        { order, lines: await linesOf(db, order.id) },
        { transactionId: null, cardType: null },
        now,
      );
      report.completed += 1;
      continue;
    }
    const provider = providers[payment.provider as keyof PaymentProviders];
    const transaction = await provider.findByReference(paymentReference(order.id));
    const captured =
      transaction?.status === "captured" ||
      (transaction?.status === "authorised" && (await provider.capture(transaction.transactionId)).ok);
    if (captured) {
      await completeOrder(
        db,
        { order, lines: await linesOf(db, order.id) },
        { transactionId: transaction!.transactionId, cardType: transaction!.cardType },
        now,
      );
      report.completed += 1;
    } else {
      if (transaction?.status === "authorised") await provider.void(transaction.transactionId);
      await failOrder(db, order.id, { message: UNPAID_MESSAGE, paymentStatus: "voided" }, now);
      report.failed += 1;
    }
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
