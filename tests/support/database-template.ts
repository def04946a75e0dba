/**
 * Integration runs build the seeded PGlite data folder once, before the test workers start, so
 * they load it instead of racing to build their own (packages/db testing.ts). On PostgreSQL the
 * workers share a template database built under a lock, and nothing needs doing here.
 */
import { pgliteTemplate } from "@deals/db/testing";

export default async function setup() {
  if (!process.env.DATABASE_URL) await pgliteTemplate();
}
