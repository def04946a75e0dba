/**
 * Statements the query builder makes afresh on every call, whose text nonetheless repeats: a
 * listing's page of deals is the same statement for every location, page and sort of the same
 * shape, only its values differ. Sent unnamed, PostgreSQL parsed and planned each one again
 * (a third of its time on a listing, docs/scaling.md "Listings at the origin"). Sent under a name
 * made from its text, each is parsed once per connection and, once PostgreSQL keeps a generic
 * plan for it, planned once; and named statements go over the pipelined connection (pool.ts).
 *
 *   const rows = await runNamed(db.select(...).from(...).where(...));
 *
 * On PGlite the statement runs as it would unnamed.
 */
import type { Statement } from "./statement.ts";

interface Buildable<T> {
  toSQL(): { sql: string };
  prepare(name: string): Statement<T>;
  execute(): Promise<T>;
}

/**
 * Past this many texts a statement runs unnamed: every connection keeps each named statement
 * it ran, so unusual filters (long lists of ids) must not fill the server's memory.
 */
const MAX_NAMED = 200;

/** One name per statement text, the same on every connection. */
const nameOfText = new Map<string, string>();

export function runNamed<T>(query: Buildable<T>): Promise<T> {
  const text = query.toSQL().sql;
  let name = nameOfText.get(text);
  if (name === undefined) {
    if (nameOfText.size >= MAX_NAMED) return query.execute();
    name = `named_${nameOfText.size}`;
    nameOfText.set(text, name);
  }
  return query.prepare(name).execute();
}
