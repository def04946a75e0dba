/**
 * `npm start`: opens the database named by the environment (DATABASE_URL, else PGlite in
 * DATA_DIR), migrates it, seeds the catalogue on the first start, serves the API and the
 * storefront, and prints one line saying where. Logs go to stderr so stdout carries only
 * that line.
 *
 * On PostgreSQL, WEB_CONCURRENCY=N serves from N processes sharing the port (docs/scaling.md
 * "What scales by adding processes"): this one migrates and seeds, then starts them, prints
 * the line once all of them listen, and starts another in place of one that dies.
 */
import cluster from "node:cluster";
import { type Database, isSeeded, migrate, openDatabase, seedCatalogue } from "@deals/db";
import { pino } from "pino";
import pretty from "pino-pretty";
import { buildApp } from "./app.ts";
import { seedSponsoredAds } from "./modules/sponsored/seed.ts";
import { mountWeb } from "./web.ts";

const DEFAULT_SEED_DEALS = 3000;
const DEFAULT_PORT = 3000;
const DEFAULT_HOST = "127.0.0.1";

function wholeNumberFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, got "${text}"`);
  return Number(text);
}

const production = process.env.NODE_ENV === "production";
// Production logs stay JSON lines, one per request; in development they are pretty-printed,
// and only warnings and errors show unless LOG_LEVEL asks for more.
const logLevel = process.env.LOG_LEVEL ?? (production ? "info" : "warn");
const logStream = () =>
  production
    ? process.stderr
    : pretty({ destination: 2, sync: true, ignore: "pid,hostname", translateTime: "HH:MM:ss" });

interface Settings {
  seedDeals: number;
  port: number;
  host: string;
  processes: number;
}

function settingsFromEnv(): Settings {
  const processes = wholeNumberFromEnv("WEB_CONCURRENCY", 1);
  if (processes < 1) throw new Error("WEB_CONCURRENCY must be at least 1");
  if (processes > 1 && !process.env.DATABASE_URL)
    throw new Error("WEB_CONCURRENCY above 1 needs DATABASE_URL: PGlite is one connection, in one process");
  return {
    seedDeals: wholeNumberFromEnv("SEED_DEALS", DEFAULT_SEED_DEALS),
    port: wholeNumberFromEnv("PORT", DEFAULT_PORT),
    host: process.env.HOST || DEFAULT_HOST,
    processes,
  };
}

/** Migrates the database and, on its first start, seeds the catalogue. */
async function prepareDatabase(database: Database, seedDeals: number, log: pino.BaseLogger): Promise<void> {
  await migrate(database);
  if (await isSeeded(database.db)) return;
  if (!production) process.stderr.write(`Seeding a catalogue of ${seedDeals} deals (first start)...\n`);
  const started = performance.now();
  const now = new Date();
  await seedCatalogue(database.db, { deals: seedDeals, now });
  // Sponsored results need advertisers; a fresh catalogue gets its demo ads with it.
  await seedSponsoredAds(database.db, now);
  const durationMs = Math.round(performance.now() - started);
  log.info({ deals: seedDeals, durationMs }, `seeded the catalogue in ${durationMs} ms`);
}

/** Serves the marketplace from this process; resolves with the port it listens on. */
async function serve(database: Database, { host, port }: Settings): Promise<number> {
  const app = await buildApp({
    database,
    logger: { level: logLevel, stream: logStream() },
    requestLogging: production,
  });
  await mountWeb(app);
  await app.listen({ host, port });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);

  const address = app.server.address();
  return typeof address === "object" && address ? address.port : port;
}

/** Starts `processes` serving processes and keeps that many running until told to stop. */
function superviseProcesses({ host, processes }: Settings, log: pino.BaseLogger): void {
  let listening = 0;
  let stopping = false;
  cluster.on("listening", (_worker, address) => {
    listening += 1;
    if (listening === processes)
      process.stdout.write(`Marketplace ready at http://${host}:${address.port} (${processes} processes)\n`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    // One that fails before all are listening (a port in use, a bad setting) would fail again.
    if (listening < processes) {
      log.error({ code, signal }, "a serving process failed to start");
      process.exit(1);
    }
    log.error({ pid: worker.process.pid, code, signal }, "a serving process died; starting another");
    cluster.fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once("exit", () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker?.process.kill(signal);
    }
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  if (!process.env.REDIS_URL)
    log.warn(
      `without REDIS_URL each of the ${processes} processes counts sign-in and sign-up attempts alone`,
    );
  for (let i = 0; i < processes; i += 1) cluster.fork();
}

async function main(): Promise<void> {
  const settings = settingsFromEnv();
  const database = await openDatabase();
  if (cluster.isWorker) {
    await serve(database, settings);
    return;
  }
  const log = pino({ level: logLevel }, logStream());
  await prepareDatabase(database, settings.seedDeals, log);
  if (settings.processes > 1) {
    await database.close();
    superviseProcesses(settings, log);
    return;
  }
  const port = await serve(database, settings);
  process.stdout.write(`Marketplace ready at http://${settings.host}:${port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
