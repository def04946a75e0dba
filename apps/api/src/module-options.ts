import type { Db } from "@deals/db";

/** What every module's routes plugin is given: the database and the injectable clock. */
export interface ModuleOptions {
  db: Db;
  clock: () => Date;
}
