/**
 * Refer a friend's background job, started with the app and stopped with it: referral credit
 * (credit.ts), safe on several processes at once.
 */
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { settleReferrals } from "./credit.ts";

/** How often the job looks (ours): credit arrives within minutes of its window ending. */
export const REFERRAL_CREDIT_INTERVAL_MS = 10 * 60_000;

export const referralJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        REFERRAL_CREDIT_INTERVAL_MS,
        async () => {
          const run = await settleReferrals(db, clock());
          if (run.credited + run.cancelled > 0) app.log.info(run, "referrals settled");
        },
        (error) => app.log.error({ err: error, job: "referral-credit" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "referral-jobs" },
);
