/**
 * Request validation: each route's zod schema, except that a schema may be given a quick
 * reader for what most callers send. The reader answers the value the schema would give, or
 * undefined whenever it is not sure, and the schema then reads the request (and alone words
 * any error). Parsing the listing's query string through zod had been several per cent of the
 * API's CPU on a listing (docs/scaling.md "Listings at the origin").
 */
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";

type QuickReader = (data: unknown) => unknown;

const quickReaders = new WeakMap<z.ZodType, QuickReader>();

/** Gives `schema` a quick reader; returns the schema. */
export function withQuickReader<S extends z.ZodType>(
  schema: S,
  read: (data: unknown) => z.output<S> | undefined,
): S {
  quickReaders.set(schema, read);
  return schema;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const whole = zodValidatorCompiler(route);
  const quick = quickReaders.get(route.schema);
  if (!quick) return whole;
  return (data) => {
    const value = quick(data);
    return value === undefined ? whole(data) : { value };
  };
};
