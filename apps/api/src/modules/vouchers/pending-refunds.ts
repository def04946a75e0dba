/**
 * Refunds to the original payment method that a crash cut short: the refund was recorded
 * (pending, under its own provider reference) and then the process died before, during or
 * after the provider call, before marking it done. The shopper's retry with the same
 * idempotency key, or the merchant's repeated call, finishes it at once (vouchers/refund.ts,
 * merchant-fulfilment); this settles the ones nobody repeats, after the grace reconciliation
 * gives a checkout, so it never races a refund still running.
 *
 * Finishing asks the provider for the refund under its reference: one made before the crash is
 * answered with its id (never made twice), one the provider never saw is made now. Either way
 * the refund is then marked done once (a conditional update), so two processes settling at once
 * give the money back once.
 */
import { RECONCILE_GRACE_MS } from "../payments/reconcile.ts";
import { pendingRefundsBefore } from "./queries.ts";
import { finishOriginalRefund, type RefundDeps } from "./refund.ts";

export interface PendingRefundsReport {
  /** Refunds finished here. */
  completed: number;
  /** Refunds the provider could not finish this time (unreachable or refusing): tried again next run. */
  unsettled: number;
  errors: unknown[];
}

export async function settlePendingRefunds(
  deps: RefundDeps,
  graceMs = RECONCILE_GRACE_MS,
): Promise<PendingRefundsReport> {
  const before = new Date(deps.clock().getTime() - graceMs);
  const report: PendingRefundsReport = { completed: 0, unsettled: 0, errors: [] };
  for (const refund of await pendingRefundsBefore(deps.db, before)) {
    try {
      if (await finishOriginalRefund(deps, refund)) report.completed += 1;
    } catch (error) {
      // One refund the provider will not take now must not hold back the others.
      report.unsettled += 1;
      report.errors.push(error);
    }
  }
  return report;
}
