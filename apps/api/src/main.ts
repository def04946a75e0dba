/**
 * `npm start`: opens the database named by the environment (DATABASE_URL, else PGlite in
 * DATA_DIR), migrates it, seeds the catalogue on the first start, serves the API and the
 * storefront, and prints one line saying where. Logs go to stderr so stdout carries only
 * that line.
 */
import { isSeeded, migrate, openDatabase, seedCatalogue } from "@deals/db";
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

async function main(): Promise<void> {
  const seedDeals = wholeNumberFromEnv("SEED_DEALS", DEFAULT_SEED_DEALS);
  const port = wholeNumberFromEnv("PORT", DEFAULT_PORT);
  const host = process.env.HOST || DEFAULT_HOST;

  const database = await openDatabase();
  // Production logs stay JSON lines, one per request; in development they are pretty-printed,
  // and only warnings and errors show unless LOG_LEVEL asks for more.
  const production = process.env.NODE_ENV === "production";
  const app = await buildApp({
    database,
    logger: {
      level: process.env.LOG_LEVEL ?? (production ? "info" : "warn"),
      stream: production
        ? process.stderr
        : pretty({ destination: 2, sync: true, ignore: "pid,hostname", translateTime: "HH:MM:ss" }),
    },
    requestLogging: production,
  });

  await migrate(database);
  if (!(await isSeeded(database.db))) {
    if (!production) process.stderr.write(`Seeding a catalogue of ${seedDeals} deals (first start)...\n`);
    const started = performance.now();
    const now = new Date();
    await seedCatalogue(database.db, { deals: seedDeals, now });
    // Sponsored results need advertisers; a fresh catalogue gets its demo ads with it.
    await seedSponsoredAds(database.db, now);
    const durationMs = Math.round(performance.now() - started);
    app.log.info({ deals: seedDeals, durationMs }, `seeded the catalogue in ${durationMs} ms`);
  }

  await mountWeb(app);
  await app.listen({ host, port });
  const address = app.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`Marketplace ready at http://${host}:${boundPort}\n`);

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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
