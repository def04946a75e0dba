/**
 * Bad input generated from /openapi.json (docs/reliability.md "Generated bad input"): for every
 * operation, requests with wrong types, missing and extra fields, huge and unicode strings,
 * negative and huge numbers, malformed JSON, wrong content types, oversized headers and
 * cookies, unknown brands, path traversal and SQL and HTML metacharacters in every path, query
 * and body field. The operations are read from the document, so a route added tomorrow is
 * covered without anyone listing it. Seeded, so a failure can be replayed.
 */
import type { Document } from "openapi-backend";

export interface GeneratedRequest {
  /** "POST /v1/basket": the operation it was made for. */
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Real values the generator mixes in, so that some requests get past the first check. */
export interface Knowns {
  /** By parameter or field name: a basket token, a deal id, a location... */
  values: Record<string, readonly (string | number)[]>;
  /** Headers a signed-in customer's browser sends (cookie, origin, host). */
  signedIn: Record<string, string>;
  /** The brand headers of a site. */
  brand: Record<string, string>;
}

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  default?: unknown;
};

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

/** Strings that have broken web applications somewhere. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "a".repeat(5_000),
  "é".repeat(2_000),
  "💥".repeat(1_000),
  "👩‍👩‍👧‍👦",
  "\u202egnp.exe",
  "\u200b",
  "\u0000",
  "nul\u0000byte",
  "\ud800",
  "\uffff",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "%00",
  "%",
  "%zz",
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR ""="',
  "1; SELECT pg_sleep(0)",
  "\\",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "{{7*7}}#{7*7}",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1e309",
  "9007199254740993",
  "-9223372036854775809",
  "true",
  "null",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "dealmoor",
  "UNKNOWN",
  " london ",
  "LONDON",
];

const NASTY_NUMBERS: readonly number[] = [
  -1,
  0,
  -0,
  1.5,
  -2_147_483_649,
  2_147_483_648,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

const NASTY_VALUES: readonly unknown[] = [
  ...NASTY_NUMBERS,
  true,
  false,
  null,
  [],
  {},
  [1, "a", null],
  { a: { b: { c: [] } } },
  { __proto__: { polluted: true } },
];

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/json-patch+json",
  "image/png",
  "",
];

/** A body over the 1 MB limit, made once: each request sends the same text. */
const OVERSIZED_BODY = JSON.stringify({ padding: "p".repeat(1_200_000) });

const BRANDS = [
  { brand: "unknownbrand", "country-code": "gb" },
  { brand: "dealmoor", "country-code": "fr" },
  { brand: "", "country-code": "" },
  { brand: "dealmoor'--", "country-code": "gb<script>" },
  { brand: "DEALMOOR", "country-code": "GB" },
];

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
export function seededRandom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percent-encoded; a lone surrogate goes as the invalid UTF-8 bytes a hostile client would send. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}

/** Every operation of the document, with its parameters and its JSON body's schema. */
export function operationsOf(document: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method] as
        | { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
        | undefined;
      if (!operation) continue;
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

class RequestMaker {
  constructor(
    readonly random: () => number,
    readonly document: Document,
    readonly knowns: Knowns,
  ) {}

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  resolve(schema: Schema | undefined): Schema {
    if (!schema?.$ref) return schema ?? {};
    const name = schema.$ref.split("/").at(-1)!;
    return ((this.document.components?.schemas ?? {}) as Record<string, Schema>)[name] ?? {};
  }

  /** A value the schema accepts, or a known real one by that name. */
  valid(schema: Schema | undefined, name: string, depth = 0): unknown {
    const known = this.knowns.values[name];
    if (known && this.chance(0.8)) return this.pick(known);
    const s = this.resolve(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return this.pick(s.enum);
    const choices = s.anyOf ?? s.oneOf;
    if (choices) return this.valid(this.pick(choices), name, depth);
    if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => this.valid(part, name, depth)));
    const type = Array.isArray(s.type) ? this.pick(s.type.filter((t) => t !== "null")) : s.type;
    switch (type) {
      case "object": {
        const value: Record<string, unknown> = {};
        if (depth > 4) return value;
        for (const [key, property] of Object.entries(s.properties ?? {})) {
          if (s.required?.includes(key) || this.chance(0.6))
            value[key] = this.valid(property, key, depth + 1);
        }
        return value;
      }
      case "array":
        return depth > 4
          ? []
          : Array.from({ length: 1 + Math.floor(this.random() * 2) }, () =>
              this.valid(s.items, name, depth + 1),
            );
      case "integer":
        return Math.max(s.minimum ?? 1, Math.min(s.maximum ?? 1000, 1 + Math.floor(this.random() * 50)));
      case "number":
        return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1000, this.random() * 100));
      case "boolean":
        return this.chance(0.5);
      case "string":
        if (s.format === "email" || /email/i.test(name))
          return `shopper${Math.floor(this.random() * 1e6)}@mail.example.co.uk`;
        return "x".repeat(Math.max(1, s.minLength ?? 1));
      default:
        return "x";
    }
  }

  nasty(): unknown {
    return this.chance(0.6) ? this.pick(NASTY_STRINGS) : this.pick(NASTY_VALUES);
  }

  /** A valid-looking body with one thing wrong somewhere inside it. */
  spoiltBody(schema: Schema): unknown {
    const body = this.valid(schema, "body");
    if (typeof body !== "object" || body === null || Array.isArray(body)) return this.nasty();
    const spoil = (value: Record<string, unknown>, s: Schema, depth: number): void => {
      const keys = Object.keys(this.resolve(s).properties ?? value);
      const key = keys.length > 0 ? this.pick(keys) : "extra";
      const inner = value[key];
      const property = this.resolve(this.resolve(s).properties?.[key]);
      const roll = this.random();
      if (inner && typeof inner === "object" && !Array.isArray(inner) && depth < 4 && roll < 0.35) {
        spoil(inner as Record<string, unknown>, property, depth + 1);
      } else if (roll < 0.5) {
        delete value[key];
      } else if (roll < 0.6) {
        value[`extra${Math.floor(this.random() * 100)}`] = this.nasty();
      } else if (roll < 0.65) {
        value[key] = Array.from({ length: 2_000 }, () => this.valid(property.items ?? property, key, 5));
      } else {
        value[key] = this.nasty();
      }
    };
    spoil(body as Record<string, unknown>, schema, 0);
    return body;
  }

  pathValue(parameter: Parameter): string {
    if (this.chance(0.35)) return encoded(String(this.valid(parameter.schema, parameter.name)));
    const raw = this.pick(NASTY_STRINGS);
    // Traversal sent as is, unencoded, as well as encoded.
    return this.chance(0.2) ? raw.replaceAll("\u0000", "%00").replaceAll(" ", "%20") : encoded(raw);
  }

  request(operation: Operation): GeneratedRequest {
    const headers: Record<string, string> = { ...this.knowns.brand };
    if (this.chance(0.4)) Object.assign(headers, this.knowns.signedIn);
    if (this.chance(0.08)) Object.assign(headers, this.pick(BRANDS));
    if (this.chance(0.05))
      headers.cookie = `sid=${"s".repeat(this.chance(0.5) ? 20_000 : 40)}; other=${this.pick(NASTY_STRINGS).slice(0, 100)}`;
    if (this.chance(0.04)) headers["x-oversized"] = "h".repeat(20_000);
    if (this.chance(0.05)) headers["app-platform"] = String(this.pick(NASTY_STRINGS)).slice(0, 50);
    if (this.chance(0.05)) headers.version = String(this.pick(NASTY_STRINGS)).slice(0, 50);
    if (this.chance(0.1)) headers["idempotency-key"] = String(this.pick(NASTY_STRINGS)).slice(0, 200);
    else if (operation.method !== "GET")
      headers["idempotency-key"] = `key-${Math.floor(this.random() * 1e9)}`;

    let path = operation.path;
    const query = new URLSearchParams();
    for (const parameter of operation.parameters) {
      if (parameter.in === "path") {
        path = path.replace(`{${parameter.name}}`, this.pathValue(parameter));
      } else if (parameter.in === "query") {
        const roll = this.random();
        if (roll < 0.3) continue;
        const value = roll < 0.65 ? this.valid(parameter.schema, parameter.name) : this.nasty();
        query.append(parameter.name, typeof value === "string" ? value : JSON.stringify(value));
        if (this.chance(0.05)) query.append(parameter.name, String(this.pick(NASTY_STRINGS)));
      }
    }
    if (this.chance(0.1))
      query.append(String(this.pick(NASTY_STRINGS)).slice(0, 50) || "q", String(this.nasty()));
    const search = query.toString();
    const url = search ? `${path}?${search}` : path;

    const request: GeneratedRequest = { operation: operation.id, method: operation.method, url, headers };
    if (operation.method === "GET") return request;
    const roll = this.random();
    let payload: string | undefined;
    if (roll < 0.1)
      payload = this.pick(['{"a":', "{'a': 1}", "[1,2", "nul", '{"a":1}}', "\u0000", '{"a":"\\ud800"}']);
    else if (roll < 0.15) payload = undefined;
    else if (roll < 0.22) payload = JSON.stringify(this.nasty());
    else if (roll < 0.27) payload = OVERSIZED_BODY;
    else if (operation.body)
      payload = JSON.stringify(
        this.chance(0.15) ? this.valid(operation.body, "body") : this.spoiltBody(operation.body),
      );
    else payload = JSON.stringify({ unexpected: this.nasty() });
    if (payload !== undefined) {
      request.payload = payload;
      headers["content-type"] = this.chance(0.12) ? this.pick(CONTENT_TYPES) : "application/json";
    } else if (this.chance(0.5)) {
      headers["content-type"] = "application/json";
    }
    return request;
  }
}

/** `count` requests spread evenly over every operation of the document. */
export function* badRequests(
  document: Document,
  knowns: Knowns,
  { seed, count }: { seed: number; count: number },
): Generator<GeneratedRequest> {
  const generator = new RequestMaker(seededRandom(seed), document, knowns);
  const operations = operationsOf(document);
  for (let i = 0; i < count; i++) yield generator.request(operations[i % operations.length]!);
}

/**
 * A value `schema` accepts, the same every time: a real value by that name where `values` has
 * one, every optional field filled, the first of every choice.
 */
export function exampleValue(
  document: Document,
  values: Knowns["values"],
  schema: Schema | undefined,
  name: string,
): unknown {
  return new RequestMaker(() => 0, document, { values, signedIn: {}, brand: {} }).valid(schema, name);
}
