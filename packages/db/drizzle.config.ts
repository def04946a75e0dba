import { defineConfig } from "drizzle-kit";

// `npx drizzle-kit generate` (run from packages/db) writes SQL migrations into ./drizzle;
// they are applied from code by `migrate(database)` for both engines (src/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./drizzle",
});
