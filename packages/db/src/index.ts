// The query builder's operators (eq, and, sql...), from the one drizzle-orm copy this
// package owns, so queries elsewhere build with the same classes the database runs.
export * from "drizzle-orm";
export { alias } from "drizzle-orm/pg-core";
export { migrate } from "./migrate.ts";
export {
  type Database,
  type Db,
  type DbTransaction,
  type Engine,
  type OpenDatabaseOptions,
  openDatabase,
  type Schema,
} from "./open.ts";
export * from "./schema/index.ts";
export {
  CATEGORY_TREE,
  DEFAULT_SEED_DEALS,
  INTERNATIONAL_TRAVEL_CATEGORY_ID,
  IRELAND_TRAVEL_CATEGORY_ID,
  isSeeded,
  type SeedOptions,
  type SeedSummary,
  seedCatalogue,
  UK_TRAVEL_CATEGORY_ID,
} from "./seed/index.ts";
export { type Bind, Bindings, boundRow, runShaped } from "./shaped.ts";
export { preparedOn, prepareStatement, type Statement } from "./statement.ts";
