/**
 * The accounts' background jobs, started with the app and stopped with it: finishing account
 * deletions (well within the 24 hours, product.md §4) and, when SMTP is configured, sending
 * the outbox. Tests call the jobs' functions directly with their own clock instead.
 */
import { ACCOUNT_DELETION_JOB_INTERVAL_MINUTES } from "@deals/domain/constants";
import fp from "fastify-plugin";
import type { ModuleOptions } from "../../module-options.ts";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";
import { deliverOutbox, OUTBOX_POLL_MS, smtpTransportFromEnv } from "../email/sender.ts";
import { runDueDeletions } from "./deletion.ts";

export const accountJobs = fp<ModuleOptions>(
  async (app, { db, clock }) => {
    const jobs: ScheduledJob[] = [];
    const logFailure = (job: string) => (error: unknown) =>
      app.log.error({ err: error, job }, "background job failed");
    app.addHook("onReady", async () => {
      jobs.push(
        runEvery(
          ACCOUNT_DELETION_JOB_INTERVAL_MINUTES * 60_000,
          async () => {
            const deleted = await runDueDeletions(db, app.sessions, clock());
            if (deleted > 0) app.log.info({ deleted }, "account deletions finished");
            await app.sessions.deleteExpired(clock());
          },
          logFailure("account-deletion"),
        ),
      );
      const transport = smtpTransportFromEnv();
      if (transport) {
        jobs.push(runEvery(OUTBOX_POLL_MS, () => deliverOutbox(db, transport, clock), logFailure("outbox")));
      }
    });
    app.addHook("onClose", async () => {
      for (const job of jobs) job.stop();
    });
  },
  { name: "account-jobs", dependencies: ["auth"] },
);
