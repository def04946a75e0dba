/**
 * The API alone, for the fault scripts: on the PostgreSQL named by DATABASE_URL (already
 * migrated and seeded with the test catalogue), listening on PORT, its clock running from the
 * test catalogue's "now" (TEST_NOW) so the catalogue's deals are open, as the tests see them.
 * Prints the ready line startServer waits for.
 */
import { openDatabase } from "@deals/db";
import { TEST_NOW } from "@deals/db/testing";
import { buildApp } from "../../apps/api/src/app.ts";

const startedAt = Number(process.env.CLOCK_STARTED_AT ?? Date.now());
const clock = () => new Date(TEST_NOW.getTime() + (Date.now() - startedAt));

const database = await openDatabase();
const app = await buildApp({ database, clock, logger: { level: process.env.LOG_LEVEL ?? "warn" } });
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
const address = app.server.address();
process.stdout.write(
  `API ready at http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}\n`,
);
