import { eq, sql } from "drizzle-orm";
import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./open.ts";
import { prepareStatement } from "./statement.ts";
import { emptyDatabase } from "./testing.ts";

const shelves = pgTable("statement_shelves", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
});

const books = pgTable("statement_books", {
  id: serial("id").primaryKey(),
  shelfId: integer("shelf_id"),
  title: text("title").notNull(),
  tags: jsonb("tags").$type<string[]>(),
  lent: boolean("lent").notNull(),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

const AT = new Date("2026-04-01T08:15:30.250Z");

describe("prepared statements run lean", () => {
  let database: Database;

  beforeAll(async () => {
    database = await emptyDatabase();
    await database.db.execute(
      sql`create table statement_shelves (id serial primary key, name text not null)`,
    );
    await database.db.execute(sql`
      create table statement_books (id serial primary key, shelf_id int, title text not null,
        tags jsonb, lent boolean not null, at timestamptz not null)`);
    const [shelf] = await database.db.insert(shelves).values({ name: "Travel" }).returning();
    await database.db.insert(books).values([
      { shelfId: shelf!.id, title: "Lisbon", tags: ["city", "coast"], lent: true, at: AT },
      { shelfId: null, title: "Unshelved", tags: null, lent: false, at: AT },
    ]);
  });
  afterAll(() => database.close());

  /** A nested select with a left join, a JSON column, a timestamp and a mapped expression. */
  function booksQuery(lent: unknown = sql.placeholder("lent")) {
    return database.db
      .select({
        id: books.id,
        title: books.title,
        tags: books.tags,
        lent: books.lent,
        at: books.at,
        titleLength: sql<number>`length(${books.title})`.mapWith(Number),
        shelf: { id: shelves.id, name: shelves.name },
      })
      .from(books)
      .leftJoin(shelves, eq(shelves.id, books.shelfId))
      .where(eq(books.lent, lent as boolean))
      .orderBy(books.id);
  }

  it("answers what the query builder answers, rows nested, decoded, and a missing join as null", async () => {
    const statement = prepareStatement(booksQuery(), "statement_books_by_lent");
    for (const lent of [true, false]) {
      const lean = await statement.execute({ lent });
      expect(lean).toEqual(await booksQuery(lent));
    }
    const [unshelved] = await statement.execute({ lent: false });
    expect(unshelved).toEqual({
      id: unshelved!.id,
      title: "Unshelved",
      tags: null,
      lent: false,
      at: AT,
      titleLength: 9,
      shelf: null,
    });
    const [lisbon] = await statement.execute({ lent: true });
    expect(lisbon!.tags).toEqual(["city", "coast"]);
    expect(lisbon!.at).toBeInstanceOf(Date);
    expect(lisbon!.shelf).toEqual({ id: expect.any(Number), name: "Travel" });
  });

  it("keeps the values written into the statement and binds each call's own", async () => {
    const query = database.db
      .select({ title: books.title })
      .from(books)
      .where(sql`${books.title} like ${"L%"} and ${books.lent} = ${sql.placeholder("lent")}`);
    const statement = prepareStatement(query, "statement_books_like");
    expect(await statement.execute({ lent: true })).toEqual([{ title: "Lisbon" }]);
    expect(await statement.execute({ lent: false })).toEqual([]);
  });

  it("refuses a call that leaves a placeholder without a value, and runs a write without rows", async () => {
    const statement = prepareStatement(booksQuery(), "statement_books_unbound");
    await expect(statement.execute({})).rejects.toThrow('No value for placeholder "lent" was provided');

    const rename = prepareStatement(
      database.db
        .update(shelves)
        .set({ name: sql.placeholder("name") as unknown as string })
        .where(eq(shelves.name, sql.placeholder("was"))),
      "statement_rename_shelf",
    );
    await rename.execute({ name: "Escapes", was: "Travel" });
    expect(await database.db.select({ name: shelves.name }).from(shelves)).toEqual([{ name: "Escapes" }]);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "on PGlite, parses a statement once under its name, outside transactions only",
    async () => {
      const prepared = async () =>
        (
          await database.db.execute<{ name: string }>(
            sql`select name from pg_prepared_statements order by name`,
          )
        ).rows.map((row) => row.name);
      const statement = prepareStatement(booksQuery(), "statement_books_named");
      expect(await prepared()).not.toContain("statement_books_named");
      await statement.execute({ lent: true });
      await statement.execute({ lent: false });
      expect((await prepared()).filter((name) => name === "statement_books_named")).toHaveLength(1);

      // A transaction's statements are its own; one prepared on it runs as Drizzle runs it.
      await database.db.transaction(async (tx) => {
        const inside = prepareStatement(
          tx
            .select({ title: books.title })
            .from(books)
            .where(eq(books.lent, sql.placeholder("lent"))),
          "statement_books_in_transaction",
        );
        expect(await inside.execute({ lent: true })).toEqual([{ title: "Lisbon" }]);
      });
      expect(await prepared()).not.toContain("statement_books_in_transaction");
    },
  );

  it("answers a failing statement with the database's error and runs the next one", async () => {
    const insert = prepareStatement(
      database.db
        .insert(shelves)
        .values({ id: sql.placeholder("id") as unknown as number, name: "Again" })
        .returning({ id: shelves.id }),
      "statement_shelf_insert",
    );
    const [{ id }] = (await database.db.select({ id: shelves.id }).from(shelves).limit(1)) as [
      { id: number },
    ];
    await expect(insert.execute({ id })).rejects.toMatchObject({ code: "23505" });
    const free = id + 1000;
    expect(await insert.execute({ id: free })).toEqual([{ id: free }]);
  });
});
