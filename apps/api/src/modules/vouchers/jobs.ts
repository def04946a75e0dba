/** The vouchers' background job: expiry reminders, looked for every hour (ours). */
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { sendExpiryReminders } from "./reminders.ts";

export const EXPIRY_REMINDER_JOB_INTERVAL_MS = 60 * 60_000;

export const voucherJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        EXPIRY_REMINDER_JOB_INTERVAL_MS,
        async () => {
          const sent = await sendExpiryReminders(db, clock());
          if (sent > 0) app.log.info({ sent }, "voucher expiry reminders written");
        },
        (error) => app.log.error({ err: error, job: "voucher-expiry-reminders" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "voucher-jobs" },
);
