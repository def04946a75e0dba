/**
 * One serving process of the checkout at `root` on the benchmark catalogue, the answer cache
 * off, for the per-request measures (cpu-per-request.ts, instructions-per-request.ts). Started as
 * node itself (not npx), behind `wrapper` when given (valgrind), so that the process measured is
 * the one serving.
 */
import { join } from "node:path";
import { type RunningServer, startServer } from "../../scripts/lib/start-server.ts";

export const LOG_DIR = "data/bench-logs";

export function startMeasuredMarketplace(options: {
  root: string;
  logName: string;
  serverEnv: Record<string, string>;
  nodeFlags?: readonly string[];
  wrapper?: readonly string[];
}): Promise<RunningServer> {
  const { DATABASE_URL, REDIS_URL, ...env } = process.env;
  const node = [process.execPath, ...(options.nodeFlags ?? []), "--import", "tsx"];
  const [first, ...rest] = [...(options.wrapper ?? []), ...node, join(options.root, "apps/api/src/main.ts")];
  return startServer({
    command: [first!, ...rest],
    env: {
      ...env,
      ...options.serverEnv,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      RESPONSE_CACHE_TTL_MS: "0",
      // One process: what is measured is its own.
      WEB_CONCURRENCY: "1",
      HOST: "127.0.0.1",
      PORT: "0",
    },
    logFile: join(LOG_DIR, `${options.logName}.log`),
    // Under valgrind a start takes a minute or more.
    readyTimeoutMs: 600_000,
  });
}
