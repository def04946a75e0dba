/**
 * Starts the real marketplace once for the end-to-end run: a fresh PGlite data folder, a free
 * port, a small seeded catalogue, and a key for each of its merchants (merchant-keys.ts). Tests
 * read its address with `inject("baseUrl")` and the keys' secret with `inject("merchantKeySecret")`.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../../../scripts/lib/start-server.ts";
import { merchantApiKeys, newMerchantKeySecret } from "./merchant-keys.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    merchantKeySecret: string;
  }
}

const SEED_DEALS = 600;

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), "deals-e2e-"));
  await mkdir("reports", { recursive: true });
  // Its own database and no shared services: nothing outside this run can change what it sees.
  const { DATABASE_URL, REDIS_URL, ...env } = process.env;
  const merchantKeySecret = newMerchantKeySecret();
  const server = await startServer({
    command: ["npx", "tsx", "apps/api/src/main.ts"],
    env: {
      ...env,
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      SEED_DEALS: String(SEED_DEALS),
      MERCHANT_API_KEYS: merchantApiKeys(merchantKeySecret, SEED_DEALS),
      NODE_ENV: "test",
    },
    logFile: "reports/e2e-server.log",
    readyTimeoutMs: 180_000,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  project.provide("baseUrl", server.url);
  project.provide("merchantKeySecret", merchantKeySecret);

  return async () => {
    await server.stop();
    // npx exits a moment before the server it started has closed its database: retry the
    // removal while the last files are still being written.
    await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
}
