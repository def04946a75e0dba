/**
 * Statements prepared by name on PGlite. PGlite's own `query` sends every statement unnamed,
 * in six trips into the database (parse, describe, bind, describe, execute, sync), so each call
 * parses and plans afresh: for the page of deals, a seven-table join, planning cost as much as
 * running it (docs/scaling.md). Here a statement is parsed once per PGlite instance under its
 * name, and each call is one trip: bind, describe, execute and sync written together.
 *
 * PGlite is one session, so a statement parsed once serves every later call; statements run
 * outside transactions only, waiting for any transaction in progress as `query` does.
 */
import { type PGlite, parse, protocol } from "@electric-sql/pglite";
import { onEngine } from "./pglite-traps.ts";

type Parser = (value: string, typeId?: number) => unknown;
export type Parsers = Record<number, Parser>;

/** The mutexes `query` takes; PGlite keeps them protected, so they are reached by name. */
interface Exclusive {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T>;
}

/** Per instance, the statements parsed so far and the types of their parameters. */
const parsedOn = new WeakMap<PGlite, Map<string, number[]>>();

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}

async function parameterTypes(pg: PGlite, name: string, text: string): Promise<number[]> {
  let parsed = parsedOn.get(pg);
  if (!parsed) {
    parsed = new Map();
    parsedOn.set(pg, parsed);
  }
  let types = parsed.get(name);
  if (!types) {
    const { serialize } = protocol;
    const messages = await pg.execProtocolStream(
      joined([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    );
    types = parse.parseDescribeStatementResults(messages);
    parsed.set(name, types);
  }
  return types;
}

/**
 * Runs the statement `text` under `name` with `values`, rows as arrays or objects, each value
 * read by `parsers` (PGlite's own with the caller's on top, merged once by the caller). On a
 * PGlite that reopens after a trap, on the instance open now (pglite-traps.ts).
 */
export function runNamed(
  pg: PGlite,
  name: string,
  text: string,
  values: readonly unknown[],
  parsers: Parsers,
  rowMode: "array" | "object",
): Promise<{ rows: unknown[] }> {
  return onEngine(pg, text, (engine) => runOn(engine, { name, text, values, parsers, rowMode }));
}

interface NamedCall {
  name: string;
  text: string;
  values: readonly unknown[];
  parsers: Parsers;
  rowMode: "array" | "object";
}

function runOn(
  pg: PGlite,
  { name, text, values, parsers, rowMode }: NamedCall,
): Promise<{ rows: unknown[] }> {
  const exclusive = pg as unknown as Exclusive;
  return exclusive._runExclusiveTransaction(async () => {
    await exclusive._checkReady();
    return exclusive._runExclusiveQuery(async () => {
      const types = await parameterTypes(pg, name, text);
      const serialized = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const { serialize } = protocol;
      const messages = await pg.execProtocolStream(
        joined([
          serialize.bind({ statement: name, values: serialized }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!pg.isInTransaction()) await pg.syncToFs();
      return parse.parseResults(messages, parsers, { rowMode })[0]!;
    });
  });
}

/** PGlite's parsers with `overrides` on top, for `runNamed`. */
export function parsersOf(pg: PGlite, overrides: Parsers = {}): Parsers {
  return { ...(pg.parsers as Parsers), ...overrides };
}
