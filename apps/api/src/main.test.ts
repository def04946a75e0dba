/**
 * `npm start`'s process model: one process on PGlite, WEB_CONCURRENCY processes sharing the
 * port on PostgreSQL, one started in place of one that dies.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { databaseUrl, withAdmin } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../../scripts/lib/start-server.ts";

const MAIN = ["--import", "tsx", "apps/api/src/main.ts"] as const;
const LOG_DIR = "data/test-logs";
const adminUrl = process.env.DATABASE_URL;

/** The ids of the processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // gone while being read
      }
    })
    .map(Number);
}

async function until<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("WEB_CONCURRENCY", () => {
  it("is refused on PGlite, which is one connection in one process", () => {
    const { DATABASE_URL: _, ...env } = process.env;
    const run = spawnSync(process.execPath, MAIN, {
      env: { ...env, WEB_CONCURRENCY: "2", DATA_DIR: "data/never-opened", PORT: "0" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
    expect(run.stdout).toBe("");
  });
});

describe.skipIf(!adminUrl)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  const name = `t_${randomBytes(6).toString("hex")}`;
  let server: RunningServer;

  beforeAll(async () => {
    await withAdmin(adminUrl!, (admin) => admin.query(`create database "${name}" template template0`));
    await mkdir(LOG_DIR, { recursive: true });
    server = await startServer({
      command: [process.execPath, ...MAIN],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl(adminUrl!, name),
        SEED_DEALS: "100",
        WEB_CONCURRENCY: "2",
        PORT: "0",
        LOG_LEVEL: "warn",
      },
      logFile: `${LOG_DIR}/web-concurrency.log`,
      readyTimeoutMs: 120_000,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await withAdmin(adminUrl!, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
  });

  it("serves from two processes, and starts another in place of one that dies", async () => {
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    process.kill(workers[0]!, "SIGKILL");
    const replaced = await until(() => {
      const now = childrenOf(server.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    }, 60_000);
    expect(replaced).toContain(workers[1]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${server.url}/healthz`).then((response) => response.status)),
    );
    expect(answers.every((status) => status === 200)).toBe(true);
  });

  it("stops every process when told to stop", async () => {
    const workers = childrenOf(server.pid!);
    await server.stop();
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  });
});
