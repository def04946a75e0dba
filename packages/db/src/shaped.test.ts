import { eq, sql } from "drizzle-orm";
import { integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./open.ts";
import { Bindings, boundRow, runShaped } from "./shaped.ts";
import { emptyDatabase } from "./testing.ts";

const notes = pgTable("shaped_notes", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  body: jsonb("body").$type<{ words: string[] }>(),
  stars: integer("stars"),
  at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
});

type NewNote = typeof notes.$inferInsert;

describe("statements prepared once per shape", () => {
  let database: Database;

  beforeAll(async () => {
    database = await emptyDatabase();
    await database.db.execute(sql`
      create table shaped_notes (id serial primary key, title text not null, body jsonb, stars int,
        at timestamptz not null)`);
  });
  afterAll(() => database.close());

  function insertNote(note: NewNote) {
    const b = new Bindings();
    const values = boundRow(b, "note_", notes, note);
    return runShaped(database.db, "shaped_note", b, () =>
      database.db
        .insert(notes)
        .values(values)
        .returning({ id: notes.id, title: notes.title, body: notes.body, stars: notes.stars, at: notes.at }),
    );
  }

  it("writes each call's own values, not the first call's, with nulls as SQL null and JSON as JSON", async () => {
    const at = new Date("2026-03-01T09:30:00Z");
    const [first] = await insertNote({ title: "first", body: { words: ["a"] }, stars: 3, at });
    const [second] = await insertNote({
      title: "second",
      body: null,
      stars: null,
      at: new Date(at.getTime() + 1000),
    });
    expect(first).toEqual({ id: first!.id, title: "first", body: { words: ["a"] }, stars: 3, at });
    expect(second).toMatchObject({ title: "second", body: null, stars: null });
    expect(second!.at.getTime()).toBe(at.getTime() + 1000);
    const nulls = await database.db.execute(
      sql`select count(*)::int as n from shaped_notes where body is null and stars is null`,
    );
    expect(nulls.rows[0]).toEqual({ n: 1 });
  });

  it("runs a statement with another shape as its own statement", async () => {
    const [note] = await insertNote({ title: "no stars", at: new Date("2026-03-02T00:00:00Z") });
    expect(note).toMatchObject({ title: "no stars", body: null, stars: null });

    const b = new Bindings();
    const set = boundRow(b, "set_", notes, { stars: 5 });
    const id = b.bind("id", note!.id);
    const query = () =>
      database.db.update(notes).set(set).where(eq(notes.id, id)).returning({ stars: notes.stars });
    expect(await runShaped(database.db, "shaped_note_stars", b, query)).toEqual([{ stars: 5 }]);
  });

  it("builds a statement only the first time its shape runs", async () => {
    let builds = 0;
    const titleOf = async (id: number) => {
      const b = new Bindings();
      const bound = b.bind("id", id);
      return runShaped(database.db, "shaped_note_by_id", b, () => {
        builds += 1;
        return database.db.select({ title: notes.title }).from(notes).where(eq(notes.id, bound));
      });
    };
    const [first] = await insertNote({ title: "once", at: new Date("2026-03-03T00:00:00Z") });
    const [second] = await insertNote({ title: "twice", at: new Date("2026-03-04T00:00:00Z") });
    expect(await titleOf(first!.id)).toEqual([{ title: "once" }]);
    expect(await titleOf(second!.id)).toEqual([{ title: "twice" }]);
    expect(builds).toBe(1);
  });

  it("refuses a statement holding a value that is not bound", async () => {
    const b = new Bindings();
    const title = b.bind("title", "first");
    const query = () => database.db.update(notes).set({ stars: 1 }).where(eq(notes.title, title));
    await expect(runShaped(database.db, "shaped_unbound", b, query)).rejects.toThrow(/not bound/);
  });

  it("refuses a placeholder name bound twice", () => {
    const b = new Bindings();
    b.bind("id", 1);
    expect(() => b.bind("id", 2)).toThrow(/bound twice/);
  });
});
