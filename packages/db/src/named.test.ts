import { eq, sql } from "drizzle-orm";
import { integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNamed } from "./named.ts";
import type { Database } from "./open.ts";
import { emptyDatabase } from "./testing.ts";

const towns = pgTable("named_towns", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  size: integer("size").notNull(),
});

describe("statements named by their text", () => {
  let database: Database;

  beforeAll(async () => {
    database = await emptyDatabase();
    await database.db.execute(
      sql`create table named_towns (id serial primary key, name text not null, size int not null)`,
    );
    await database.db.insert(towns).values([
      { name: "Leeds", size: 5 },
      { name: "York", size: 2 },
    ]);
  });
  afterAll(() => database.close());

  it("runs the same text with each call's own values, rows mapped as the query builder maps them", async () => {
    const bySize = (size: number) =>
      runNamed(database.db.select({ town: towns.name }).from(towns).where(eq(towns.size, size)));
    expect(await bySize(5)).toEqual([{ town: "Leeds" }]);
    expect(await bySize(2)).toEqual([{ town: "York" }]);
    expect(await bySize(9)).toEqual([]);
  });

  it("gives another text its own statement", async () => {
    const named = await runNamed(
      database.db.select({ id: towns.id }).from(towns).where(eq(towns.name, "York")),
    );
    const sized = await runNamed(
      database.db.select({ size: towns.size }).from(towns).where(eq(towns.name, "York")),
    );
    expect(named).toHaveLength(1);
    expect(sized).toEqual([{ size: 2 }]);
  });
});
