/**
 * Statements whose shape varies (an order of one line or three, with or without a promo code)
 * but repeats. Its values are bound first, under named placeholders; the statement itself is
 * built with the query builder, turned into SQL and prepared only the first time its shape
 * runs on a database; from then on only the values are bound. For the busiest statements,
 * building them and having PostgreSQL parse them was most of what they cost (docs/scaling.md).
 *
 *   const b = new Bindings();
 *   const set = boundRow(b, "set_", orders, { status: "paid" });
 *   const id = b.bind("id", orderId);
 *   const rows = await runShaped(db, "pay_order", b, () =>
 *     db.update(orders).set(set).where(eq(orders.id, id)).returning());
 */
import { type Column, getTableColumns, is, Param, Placeholder, SQL, sql, type Table } from "drizzle-orm";
import { preparedOn, prepareStatement, type Statement } from "./statement.ts";

/** A statement's values, collected under the names of the placeholders that stand for them. */
export class Bindings {
  readonly values: Record<string, unknown> = {};
  #names = "";

  /** The placeholder for a value; the name says where it goes and is used once per statement. */
  bind = (name: string, value: unknown): Placeholder => {
    if (Object.hasOwn(this.values, name)) throw new Error(`The placeholder "${name}" is bound twice`);
    this.values[name] = value;
    this.#names += `${name},`;
    return sql.placeholder(name);
  };

  /**
   * Notes a part of the statement's shape that binds no value (which optional conditions it
   * has, how a list is ordered), so statements that differ only there get different shapes.
   */
  note = (part: string): void => {
    this.#names += `${part};`;
  };

  /** The names bound so far, in order: with the statement's kind, what identifies its shape. */
  get names(): string {
    return this.#names;
  }
}

export type Bind = Bindings["bind"];

/**
 * A row of values for an insert or an update, each bound as a placeholder already written as
 * its column writes it (a null stays SQL null, a JSON value is serialised). SQL values (a
 * subquery, another part's id) are kept as they are.
 */
export function boundRow<T extends Table, R extends Record<string, unknown>>(
  b: Bindings,
  prefix: string,
  table: T,
  row: R,
): { [K in keyof R]: SQL } {
  const columns = getTableColumns(table) as Record<string, Column>;
  const bound: Record<string, SQL> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    bound[key] =
      typeof value === "object" && value !== null && is(value, SQL)
        ? value
        : sql`${b.bind(`${prefix}${key}`, value === null ? null : column.mapToDriverValue(value))}`;
  }
  return bound as { [K in keyof R]: SQL };
}

interface Preparable<T> {
  prepare(name: string): Statement<T>;
  toSQL(): { params: unknown[] };
}

/**
 * A prepared statement keeps every value that is not a placeholder as it was the first time,
 * so a value left unbound would be silently reused for every later call: refuse it.
 */
function checkAllBound(kind: string, query: Preparable<unknown>) {
  for (const param of query.toSQL().params) {
    if (is(param, Placeholder) || (is(param, Param) && is(param.value, Placeholder))) continue;
    throw new Error(`The ${kind} statement has a value that is not bound: ${String(param)}`);
  }
}

/**
 * Past this many shapes of one kind a statement is built and parsed each time, as an
 * unprepared one is: every connection keeps each shape it ran, plan included, so odd baskets
 * or filters must not be able to fill the server's memory with shapes nobody else will run,
 * nor one kind take the places of another.
 */
const MAX_SHAPES = 100;

/** One statement name per shape, the same on every database and connection. */
const nameOfShape = new Map<string, string>();
/** How many shapes of each kind are named. */
const shapesOfKind = new Map<string, number>();

/**
 * Runs the statement `build` makes, written with `bindings`' placeholders. The statement must
 * be the same for the same names bound: the first time its shape (its kind and the names
 * bound, in order) runs on this database (or transaction) `build` is called, and its statement
 * turned into SQL and prepared under the shape's name; later calls only bind the values.
 */
export async function runShaped<T>(
  db: object,
  kind: string,
  bindings: Bindings,
  build: () => Preparable<T>,
): Promise<T> {
  const shape = `${kind}:${bindings.names}`;
  let name = nameOfShape.get(shape);
  if (name === undefined) {
    const named = shapesOfKind.get(kind) ?? 0;
    if (named >= MAX_SHAPES) return build().prepare("").execute(bindings.values);
    name = `${kind}_${named}`;
    nameOfShape.set(shape, name);
    shapesOfKind.set(kind, named + 1);
  }
  const statement = preparedOn(db, name, () => {
    const query = build();
    checkAllBound(kind, query);
    return prepareStatement(query, name);
  });
  return statement.execute(bindings.values);
}
