/**
 * Prepared statements that run lean on PostgreSQL. A Drizzle prepared query, on every call,
 * walks class chains to tell placeholders from values and columns from expressions, opens
 * tracing spans and consults its cache, before and after the driver does its own work: about
 * three times what the driver costs for a short statement (docs/scaling.md). Here that is
 * decided once, when the statement is prepared: each call only puts its values in place,
 * sends the statement by name and turns the rows into objects as Drizzle would.
 *
 * On PGlite the statement is also parsed once by name (`pglite-named.ts`) where Drizzle's
 * prepared query sends it unnamed every time. Inside a PGlite transaction, and for the
 * relational query API, Drizzle's own prepared query runs unchanged.
 */
import { PGlite } from "@electric-sql/pglite";
import { Column, getTableName, is, Param, Placeholder, SQL, Subquery } from "drizzle-orm";
import { NodePgPreparedQuery } from "drizzle-orm/node-postgres";
import { PglitePreparedQuery } from "drizzle-orm/pglite";
import { type Parsers, parsersOf, runNamed } from "./pglite-named.ts";

export interface Statement<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

interface Preparable<T> {
  prepare(name: string): Statement<T>;
}

/** What both lean statements read of Drizzle's prepared query (its parts are not typed public). */
interface LeanParts {
  params: unknown[];
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
}

/** The parts of Drizzle's node-postgres prepared query this reads (they are not typed public). */
interface NodePgParts extends LeanParts {
  client: { query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }> };
  customResultMapper?: unknown;
  queryConfig: QueryConfig;
  rawQueryConfig: QueryConfig;
}

type TypeParser = (value: string) => unknown;
interface QueryConfig {
  types: { getTypeParser(oid: number, format?: string): TypeParser };
}

/**
 * The driver asks for each column's parser on every result; Drizzle answers through a chain of
 * comparisons. The answer for a type never changes, so it is looked up once.
 */
function rememberingParsers(config: QueryConfig): QueryConfig {
  // By format, then type: a key made of the two was a string built per column per result.
  const byFormat = new Map<string, Map<number, TypeParser>>();
  const { getTypeParser } = config.types;
  return {
    ...config,
    types: {
      getTypeParser(oid, format = "text") {
        let parsers = byFormat.get(format);
        if (!parsers) {
          parsers = new Map();
          byFormat.set(format, parsers);
        }
        let parser = parsers.get(oid);
        if (!parser) {
          parser = getTypeParser(oid, format);
          parsers.set(oid, parser);
        }
        return parser;
      },
    },
  };
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** Where each value of the statement comes from: fixed when prepared, or a placeholder's. */
type Source = { value: unknown } | { name: string; encoder?: { mapToDriverValue(value: unknown): unknown } };

interface Field {
  path: string[];
  decoder: Decoder;
  /** The table of a column selected under a joined table's name (`{ deals: deals }`). */
  table: string | undefined;
}

function sourceOf(param: unknown): Source {
  if (is(param, Placeholder)) return { name: param.name };
  if (is(param, Param) && is(param.value, Placeholder)) {
    return { name: param.value.name, encoder: param.encoder };
  }
  return { value: param };
}

// Drizzle keeps an expression's decoder out of its public types.
const decoderOfSql = (expression: unknown) => (expression as { decoder: Decoder }).decoder;

function fieldOf({ path, field }: { path: string[]; field: unknown }): Field {
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? decoderOfSql(field)
      : is(field, Subquery)
        ? decoderOfSql(field._.sql)
        : decoderOfSql((field as SQL.Aliased).sql);
  const table = is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined;
  return { path, decoder, table };
}

/**
 * A row as Drizzle maps it: values decoded by their columns, nested by their paths, and a
 * left-joined table whose columns are all null given as null.
 */
function mapRow(
  fields: readonly Field[],
  row: unknown[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
) {
  const result: Record<string, unknown> = {};
  let nullify: Map<string, string | false> | undefined;
  for (let i = 0; i < fields.length; i++) {
    const { path, decoder, table } = fields[i]!;
    let node = result;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const key = path[depth]!;
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    const raw = row[i];
    const value = raw === null ? null : decoder.mapFromDriverValue(raw);
    node[path[path.length - 1]!] = value;
    if (joinsNotNullableMap && table !== undefined) {
      nullify ??= new Map();
      const object = path[0]!;
      const seen = nullify.get(object);
      if (seen === undefined) nullify.set(object, value === null ? table : false);
      else if (seen !== table) nullify.set(object, false);
    }
  }
  if (joinsNotNullableMap && nullify) {
    for (const [object, table] of nullify) {
      if (table !== false && !joinsNotNullableMap[table]) result[object] = null;
    }
  }
  return result;
}

/** How a call's values are put in place and its rows mapped, worked out once. */
function leanOf(parts: LeanParts) {
  const sources = parts.params.map(sourceOf);
  const fields = parts.fields?.map(fieldOf);
  const { joinsNotNullableMap } = parts;
  return {
    fields,
    valuesOf: (values: Record<string, unknown>) =>
      sources.map((source) => {
        if ("value" in source) return source.value;
        if (!(source.name in values))
          throw new Error(`No value for placeholder "${source.name}" was provided`);
        const value = values[source.name];
        return source.encoder ? source.encoder.mapToDriverValue(value) : value;
      }),
    mapRows: (rows: unknown[][]) => rows.map((row) => mapRow(fields!, row, joinsNotNullableMap)),
  };
}

/** The parts of Drizzle's PGlite prepared query this reads (they are not typed public). */
interface PgliteParts extends LeanParts {
  client: unknown;
  queryString: string;
  customResultMapper?: unknown;
  queryConfig: { parsers: Parsers };
  rawQueryConfig: { parsers: Parsers };
}

/**
 * Prepares `query` under `name`. On PostgreSQL, and on PGlite outside a transaction, the
 * returned statement binds, sends and maps with what was worked out here; elsewhere it is
 * Drizzle's prepared query.
 */
export function prepareStatement<T>(query: Preparable<T>, name: string): Statement<T> {
  const prepared = query.prepare(name);
  if (is(prepared, PglitePreparedQuery)) return pgliteStatement(prepared as Statement<T>, name);
  if (!is(prepared, NodePgPreparedQuery)) return prepared;
  const parts = prepared as unknown as NodePgParts;
  if (parts.customResultMapper) return prepared;
  const { fields, valuesOf, mapRows } = leanOf(parts);
  const { client } = parts;
  const queryConfig = rememberingParsers(parts.queryConfig);
  return {
    async execute(values = {}) {
      if (!fields) return (await client.query(parts.rawQueryConfig, valuesOf(values))) as T;
      return mapRows((await client.query(queryConfig, valuesOf(values))).rows) as T;
    },
  };
}

function pgliteStatement<T>(prepared: Statement<T>, name: string): Statement<T> {
  const parts = prepared as unknown as PgliteParts;
  const pg = parts.client;
  if (!(pg instanceof PGlite) || parts.customResultMapper) return prepared;
  const { fields, valuesOf, mapRows } = leanOf(parts);
  // Drizzle's own parsers (dates left as text for the columns to read) over PGlite's, merged once.
  const parsers = parsersOf(pg, fields ? parts.queryConfig.parsers : parts.rawQueryConfig.parsers);
  return {
    async execute(values = {}) {
      const params = valuesOf(values);
      if (!fields) return (await runNamed(pg, name, parts.queryString, params, parsers, "object")) as T;
      const { rows } = await runNamed(pg, name, parts.queryString, params, parsers, "array");
      return mapRows(rows as unknown[][]) as T;
    },
  };
}

const statementsOf = new WeakMap<object, Map<string, unknown>>();

/**
 * The statement prepared under `name` on this database (or transaction), made by `make` the
 * first time it is asked for: each is prepared once per database, not once per call.
 */
export function preparedOn<S extends Statement<unknown>>(db: object, name: string, make: () => S): S {
  let statements = statementsOf.get(db);
  if (!statements) {
    statements = new Map();
    statementsOf.set(db, statements);
  }
  let statement = statements.get(name) as S | undefined;
  if (!statement) {
    statement = make();
    statements.set(name, statement);
  }
  return statement;
}
