/** Notify me's background job: back-in-stock emails, looked for every few minutes (ours). */
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { sendBackInStockEmails } from "./service.ts";

export const BACK_IN_STOCK_JOB_INTERVAL_MS = 5 * 60_000;

export const stockNotificationJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        BACK_IN_STOCK_JOB_INTERVAL_MS,
        async () => {
          const sent = await sendBackInStockEmails(db, clock());
          if (sent > 0) app.log.info({ sent }, "back-in-stock emails written");
        },
        (error) => app.log.error({ err: error, job: "back-in-stock" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "stock-notification-jobs" },
);
