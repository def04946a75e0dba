/**
 * What the crash scripts share (docs/reliability.md "Crash during checkout", "Crash during
 * refunds and gift-card redemption"): a scratch PostgreSQL database copied from the test
 * catalogue, an API server process on it that can be killed with SIGKILL and started again,
 * a shopper's call sent again (same body, same idempotency key) until the server answers it,
 * and a killer spreading the kills over the run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import type { sql } from "@deals/db";
import type { TestCustomer } from "../../apps/api/src/modules/checkout/test-support.ts";
import { scratchCommerceApp } from "./scratch.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The scratch database with an in-process app on it (to set up deals, shoppers and purchases),
 * and the API server process the shoppers call, started with `env` added to its environment.
 */
export async function crashRun(env: Record<string, string>) {
  const { database, t, url } = await scratchCommerceApp();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: String(port),
    CLOCK_STARTED_AT: String(Date.now()),
    LOG_LEVEL: "error",
    ...env,
  };

  let server: ChildProcess | undefined;
  async function startApi(): Promise<void> {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/lib/fault-server.ts"], {
      env: serverEnv,
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
    });
    server = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ready at")) resolve();
      });
      child.on("exit", (code, signal) =>
        reject(new Error(`the API exited (${signal ?? code}) before it was ready`)),
      );
    });
  }
  function killApi(): void {
    if (server?.pid !== undefined) process.kill(-server.pid, "SIGKILL");
    server = undefined;
  }

  /**
   * A POST retried, with the same body and key, until the server answers it other than 503
   * (killed, starting again, or a gateway fault): the answer, how many attempts it took and
   * how many of them were answered 503.
   */
  async function answered(
    path: string,
    customer: TestCustomer | undefined,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    let tryAgain = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(`${base}${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            brand: "dealmoor",
            "country-code": "gb",
            origin: base,
            ...(customer ? { cookie: `sid=${customer.cookies.sid}` } : {}),
            ...headers,
          },
          body: JSON.stringify(body),
        });
        if (response.status === 503) {
          tryAgain += 1;
          throw new Error("busy");
        }
        return {
          response,
          json: (await response.json()) as Record<string, unknown>,
          attempts: attempt,
          tryAgain,
        };
      } catch {
        await sleep(100);
      }
    }
  }

  /**
   * Kills the server at least `minKills` times while `done()` climbs to `total`: spread over
   * the run by progress, each at a random moment after its mark, started again at once.
   * `stop()` ends it and answers how many kills there were.
   */
  function killDuring(done: () => number, total: number, minKills: number) {
    let kills = 0;
    let running = true;
    const spacing = total / (minKills + 3);
    const killer = (async () => {
      let mark = spacing * Math.random();
      while (running) {
        while (running && done() < mark) await sleep(10);
        if (!running) return;
        await sleep(Math.random() * 250);
        killApi();
        kills += 1;
        await sleep(Math.random() * 300);
        await startApi();
        mark += spacing * (0.5 + Math.random());
      }
    })();
    return {
      async stop() {
        running = false;
        await killer;
        return kills;
      },
    };
  }

  const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];

  return {
    t,
    database,
    base,
    startApi,
    killApi,
    answered,
    killDuring,
    rows,
    async close() {
      killApi();
      await t.close();
      await database.close();
    },
  };
}
