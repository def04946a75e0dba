import type { Database } from "@deals/db";
import type { Redis } from "ioredis";
import { pingDatabase } from "./queries.ts";
import type { Dependencies, Health } from "./schemas.ts";

/**
 * Longer than a healthy ping takes under load (on PGlite the ping waits behind the statements
 * already on its one connection), within a load balancer's usual 5 s probe timeout.
 */
const PING_TIMEOUT_MS = 4_000;

async function answers(ping: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    // After a stalled event loop the timer runs before the socket's waiting answer is read:
    // setImmediate lets that read happen first, so only a dependency that is silent is down.
    timer = setTimeout(() => setImmediate(() => resolve(false)), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Healthy means each dependency answers, not merely that the process is up. */
export async function checkDependencies(database: Database, redis: Redis | null): Promise<Dependencies> {
  const [databaseUp, redisUp] = await Promise.all([
    answers(() => pingDatabase(database.db)),
    redis ? answers(() => redis.ping()) : Promise.resolve(null),
  ]);
  return {
    database: databaseUp ? "up" : "down",
    redis: redisUp === null ? "not-configured" : redisUp ? "up" : "down",
  };
}

export function health(database: Database, dependencies: Dependencies): Health {
  return { status: "ok", database: database.engine, dependencies };
}

/** The code and message of a readiness check that fails, naming what is down. */
export function notReady(dependencies: Dependencies) {
  const down = Object.entries(dependencies)
    .filter(([, state]) => state === "down")
    .map(([name]) => name);
  if (down.length === 0) return undefined;
  return {
    error: {
      code: down.includes("database") ? "DATABASE_UNAVAILABLE" : "REDIS_UNAVAILABLE",
      message: `Not ready: ${down.join(" and ")} not answering.`,
    },
    dependencies,
  };
}
