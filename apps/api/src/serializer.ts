/**
 * Answers serialised by a function compiled from each route's response schema (design.md
 * "Speed": response serialisation compiled from the schema). zod's serializer checks every
 * answer against its schema and then calls JSON.stringify: for a listing of 24 deals that was
 * one of the largest items of the API's CPU per request (docs/scaling.md "Listings at the
 * origin"). The schema is turned into JSON Schema once per route and compiled with
 * fast-json-stringify, which writes only the properties the schema declares, in its order.
 *
 * A schema JSON Schema cannot express (a transform, a date) keeps zod's serializer. Outside
 * production every answer is also checked by zod and compared with the compiled one, so a
 * test meets any answer the two would write differently, or that its schema does not allow.
 */
import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { $ZodType } from "zod/v4/core";

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<FastifySerializerCompiler<ZodType>>[0];

const isNull = (schema: unknown) => (schema as JsonSchema | undefined)?.type === "null";

/**
 * zod writes a nullable value as anyOf [its schema, null], which fast-json-stringify resolves
 * by validating the value against each branch on every call; `nullable` says the same and
 * costs a comparison.
 */
function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withNullable(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && anyOf.some(isNull)) {
    const other = anyOf.find((branch) => !isNull(branch))!;
    if (typeof other.type === "string" && other.$ref === undefined) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/** The schema as JSON Schema, or undefined when JSON Schema cannot say what zod does. */
function jsonSchemaOf(schema: $ZodType): JsonSchema | undefined {
  try {
    return withNullable(z.toJSONSchema(schema, { io: "output", target: "draft-7" })) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** The route's zod schema, given alone or as `properties` (as fastify-type-provider-zod reads it). */
function zodSchemaOf(schema: unknown): $ZodType | undefined {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof $ZodType ? properties : undefined;
}

/**
 * A writer of values of `schema` compiled as a route's answer is: only the properties the
 * schema declares, in its order. Throws for a schema JSON Schema cannot express.
 */
export function jsonWriterOf(schema: $ZodType): (value: unknown) => string {
  const json = jsonSchemaOf(schema);
  if (!json) throw new Error("This schema cannot be written as JSON Schema");
  return fastJson(json);
}

export const serializerCompiler: FastifySerializerCompiler<ZodType> = (route: RouteSchema) => {
  const schema = zodSchemaOf(route.schema);
  let compiled: (data: unknown) => string;
  try {
    if (!schema) return zodSerializerCompiler(route);
    compiled = jsonWriterOf(schema);
  } catch {
    return zodSerializerCompiler(route);
  }
  if (process.env.NODE_ENV === "production") return compiled;
  const checked = zodSerializerCompiler(route);
  return (data: unknown) => {
    const reference = checked(data);
    const answer = compiled(data);
    if (!isDeepStrictEqual(JSON.parse(answer), JSON.parse(reference))) {
      throw new Error(
        `The compiled serialiser of ${route.method} ${route.url} wrote another answer than zod`,
      );
    }
    return answer;
  };
};
