import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "domain",
          include: ["packages/domain/src/**/*.test.ts"],
          // Pure rules share no state: one module graph per worker, not one per file, runs the
          // project in a tenth of the time.
          isolate: false,
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/db/src/**/*.test.ts", "apps/api/src/**/*.test.ts"],
          globalSetup: ["tests/support/database-template.ts"],
          setupFiles: ["tests/support/redis-namespace.ts", "tests/support/contract.ts"],
          // One PGlite per worker is 0.5 GB; two workers fit the 2-core machine.
          pool: "forks",
          maxWorkers: 2,
          // Files share a worker's modules (the app's import, the PGlite template, the contract
          // validator); each still builds its own app on its own database.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.{ts,tsx}"],
          // Pure helpers and server-only renders, no globals: shared modules as in "domain".
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.ts"],
          // One real server and one Chromium for the whole run: files go one at a time. Two at a
          // time on PGlite once stalled the server for good (docs/reliability.md).
          globalSetup: ["tests/e2e/support/global-setup.ts"],
          pool: "forks",
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A journey races a real browser on a busy 2-core machine: it gets one more try, and a
          // journey that fails twice fails the run.
          retry: 1,
        },
      },
    ],
  },
});
