/** The VIP background jobs: renewals and renewal reminders, every hour (ours). */
import fp from "fastify-plugin";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { remindRenewals, renewMemberships } from "./renewal.ts";
import type { VipRoutesOptions } from "./routes.ts";

export const VIP_JOB_INTERVAL_MS = 60 * 60_000;

export const vipJobs = fp<VipRoutesOptions>(
  async (app, { db, clock, providers }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        VIP_JOB_INTERVAL_MS,
        async () => {
          const report = await renewMemberships({ db, providers }, clock());
          const reminded = await remindRenewals(db, clock());
          if (reminded > 0 || Object.values(report).some((n) => n > 0)) {
            app.log.info({ ...report, reminded }, "VIP renewals");
          }
        },
        (error) => app.log.error({ err: error, job: "vip-renewal" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "vip-jobs" },
);
