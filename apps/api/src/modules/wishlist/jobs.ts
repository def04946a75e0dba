/** The wishlist's background job: the price-drop emails, looked for every hour (ours). */
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { sendPriceDropEmails } from "./price-drops.ts";

export const PRICE_DROP_JOB_INTERVAL_MS = 60 * 60_000;

export const wishlistJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    let job: ScheduledJob | undefined;
    app.addHook("onReady", async () => {
      job = runEvery(
        PRICE_DROP_JOB_INTERVAL_MS,
        async () => {
          const sent = await sendPriceDropEmails(db, clock());
          if (sent > 0) app.log.info({ sent }, "wishlist price-drop emails written");
        },
        (error) => app.log.error({ err: error, job: "wishlist-price-drop" }, "background job failed"),
      );
    });
    app.addHook("onClose", async () => job?.stop());
  },
  { name: "wishlist-jobs" },
);
