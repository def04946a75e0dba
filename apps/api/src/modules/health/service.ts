import type { Database } from "@deals/db";
import { ApiError } from "../../errors.ts";
import { pingDatabase } from "./queries.ts";
import type { Health } from "./schemas.ts";

/** Healthy means the database answers a query, not merely that the process is up. */
export async function checkHealth(database: Database): Promise<Health> {
  try {
    await pingDatabase(database.db);
  } catch {
    throw new ApiError(503, "DATABASE_UNAVAILABLE", "The database is not answering.");
  }
  return { status: "ok", database: database.engine };
}
