/**
 * Payment reconciliation as a background job, started with the app and stopped with it: orders
 * a crash left pending, then refunds to the card a crash left pending. It is safe on several
 * processes at once (each order is settled under its row lock, each refund marked done once).
 */
import fp from "fastify-plugin";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { settlePendingRefunds } from "../vouchers/pending-refunds.ts";
import { reconcilePayments } from "./reconcile.ts";
import type { PaymentRoutesOptions } from "./routes.ts";

/**
 * How often reconciliation looks (ours): an order nobody retries is settled at most about two
 * minutes after it was placed (the grace, then up to one interval).
 */
export const RECONCILE_INTERVAL_MS = 60_000;

export const paymentJobs = fp<PaymentRoutesOptions>(
  async (app, { db, clock, providers }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        RECONCILE_INTERVAL_MS,
        async () => {
          const orders = await reconcilePayments({ db, clock, providers });
          const refunds = await settlePendingRefunds({ db, clock, providers });
          const report = {
            ...orders,
            refundCompleted: refunds.completed,
            refundUnsettled: refunds.unsettled,
          };
          app.metrics.reconciled(report);
          if (Object.values(report).some((n) => n > 0)) app.log.info(report, "payments reconciled");
          for (const error of refunds.errors)
            app.log.warn({ err: error }, "a pending refund was not settled");
        },
        (error) => app.log.error({ err: error, job: "payment-reconciliation" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "payment-jobs" },
);
