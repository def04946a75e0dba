/**
 * The wallet's background job, started with the app and stopped with it: marketing credit
 * expiry (expiry.ts), safe on several processes at once.
 */
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { expireMarketingCredit } from "./expiry.ts";

/** How often expiry looks (ours): credit is gone within minutes of its expiry time. */
export const WALLET_EXPIRY_INTERVAL_MS = 10 * 60_000;

export const walletJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        WALLET_EXPIRY_INTERVAL_MS,
        async () => {
          const taken = await expireMarketingCredit(db, clock());
          if (taken > 0) app.log.info({ taken }, "marketing credit expired");
        },
        (error) => app.log.error({ err: error, job: "wallet-expiry" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "wallet-jobs" },
);
