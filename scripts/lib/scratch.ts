/**
 * The scratch database the fault scripts run on: a PostgreSQL database copied from the test
 * catalogue (dropped when closed), the connection string API server processes are started
 * with, and an in-process app on it to set up deals, shoppers and purchases.
 */
import { sql } from "@deals/db";
import { databaseUrl, testDatabase } from "@deals/db/testing";
import { startCommerceApp } from "../../apps/api/src/modules/checkout/test-support.ts";

export async function scratchCommerceApp() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    console.error("Set DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped).");
    process.exit(2);
  }
  const database = await testDatabase();
  const [{ name }] = (await database.db.execute(sql`select current_database() as name`)).rows as [
    { name: string },
  ];
  const t = await startCommerceApp({ database });
  return { database, t, url: databaseUrl(adminUrl, name) };
}
