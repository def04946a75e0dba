/**
 * The contract check (docs/reliability.md "The contract holds"): every answer the API gives has
 * a status its operation declares in /openapi.json and a body matching that status's schema, so
 * a client generated from the document never meets an undeclared answer. The operation is
 * found and the body validated by openapi-backend, a maintained OpenAPI 3 router and validator.
 */
import { type Document, OpenAPIBackend, type Operation } from "openapi-backend";

export interface Exchange {
  /** The operation the request was made for, when the path alone does not name one (an empty segment). */
  operation?: string;
  method: string;
  /** Path and query, as sent. */
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}

export interface ContractCheck {
  /**
   * What is wrong with this answer, or undefined when the contract holds. An answer outside
   * every operation may only be a not-found, unless `undocumentedRoutes` says the caller also
   * reaches routes the document leaves out (/openapi.json itself, /healthz, media).
   */
  problem(exchange: Exchange, options?: { undocumentedRoutes?: boolean }): string | undefined;
  operations(): Operation[];
  document: Document;
}

const isJson = (contentType: string | undefined) => contentType?.includes("json") ?? false;

/** The `{ error: { code, message } }` shape every failure answers with. */
export function isErrorShape(body: unknown): boolean {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === "string" && typeof error.message === "string" && error.message.length > 0;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

/** A copy where every operation has an id (the validator keys its schemas by operation id). */
function withOperationIds(document: Document): Document {
  const copy = structuredClone(document);
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation && !operation.operationId) operation.operationId = `${method.toUpperCase()} ${path}`;
    }
  }
  return copy;
}

export async function contractCheck(document: Document): Promise<ContractCheck> {
  const api = new OpenAPIBackend({
    definition: withOperationIds(document),
    quick: true,
    validate: true,
    // zod's JSON Schemas use keywords and formats ajv does not know in strict mode.
    ajvOpts: { strict: false, validateFormats: false },
  });
  await api.init();
  // Every validator is compiled now rather than at its operation's first answer: compiling one
  // blocks for up to a second, and the app under test runs in the same process, so a lazy
  // compile in the middle of a run stalls the requests in flight (a readiness ping among them).
  for (const operation of api.getOperations())
    api.validator.getStatusBasedResponseValidatorForOperation(operation.operationId as string);

  return {
    document,
    operations: () => api.getOperations(),
    problem({ operation: intended, method, url, status, contentType, body }, options = {}) {
      const [path, query = ""] = url.split("?", 2) as [string, string?];
      const where = `${method} ${path} answered ${status}`;
      // A HEAD answer is its GET's without the body (RFC 9110 §9.3.2).
      const bodiless = method === "HEAD";
      let parsed: unknown;
      if (isJson(contentType) && !bodiless) {
        try {
          parsed = JSON.parse(body);
        } catch {
          return `${where} with a body that is not JSON`;
        }
      }
      if (status >= 400 && !bodiless && !isErrorShape(parsed))
        return `${where} without the error shape: ${body.slice(0, 200)}`;
      // 503 is declared everywhere (busy, a dependency down); nothing may answer 500.
      if (status >= 500 && status !== 503) return `${where}: ${body.slice(0, 200)}`;
      const operation =
        api.matchOperation({ method: bodiless ? "GET" : method, path, query, headers: {} }) ??
        (intended === undefined ? undefined : api.getOperation(intended));
      // Outside every operation (an unknown path or method): only the not-found answer is allowed.
      if (!operation)
        return status === 404 || status === 405 || options.undocumentedRoutes
          ? undefined
          : `${where} outside every operation`;
      const declared = operation.responses?.[String(status)];
      if (!declared) return `${where}, which ${operation.operationId} does not declare`;
      if (!("content" in declared) || !declared.content) return undefined;
      if (bodiless || !isJson(contentType)) return undefined;
      const result = api.validateResponse(parsed, operation, status);
      if (result.valid) return undefined;
      return `${where} with a body its schema refuses: ${JSON.stringify(result.errors?.slice(0, 2))}`;
    },
  };
}
