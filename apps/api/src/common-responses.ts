/**
 * The answers any operation can give whatever its handler does, added to its entry in
 * /openapi.json so that a client generated from the document never meets an undeclared status
 * (docs/reliability.md "The contract holds"). Each comes from a layer every request passes:
 * the origin check (security.ts), the brand headers (request-headers.ts), body parsing and the
 * router (error-handler.ts), admission (admission.ts) and the error handler itself.
 */
import type { z } from "zod";
import { errorResponseSchema } from "./errors.ts";

const STATE_CHANGING = ["POST", "PUT", "PATCH", "DELETE"];

const answer = (description: string) => errorResponseSchema.describe(description);

const EVERY_OPERATION = {
  400: answer("The request is not valid: a parameter, the body or the brand headers"),
  431: answer("The request's headers (cookies included) are too large"),
  500: answer("An unexpected error occurred"),
  503: answer("Busy or a dependency is down: try again later (see the retry-after header)"),
};
const WITH_BODY = {
  403: answer("A state-changing request that did not come from this site (the origin check)"),
  413: answer("The request body is too large"),
  415: answer("The request body's content type is not supported"),
};
const WITH_PATH_PARAMETERS = {
  414: answer("A segment of the request path is too long"),
};

interface RouteDocument {
  schema: { response?: unknown };
  url: string;
  route: { method: string | string[] };
}

/** The route's own responses, with the common ones it does not declare itself added. */
export function withCommonResponses<T extends RouteDocument>(document: T): T {
  const methods = [document.route.method].flat();
  const common: Record<string, z.ZodType> = {
    ...EVERY_OPERATION,
    ...(methods.some((m) => STATE_CHANGING.includes(m)) ? WITH_BODY : {}),
    ...(document.url.includes(":") ? WITH_PATH_PARAMETERS : {}),
  };
  const own = (document.schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = { ...own };
  for (const [status, schema] of Object.entries(common)) if (!(status in own)) response[status] = schema;
  return { ...document, schema: { ...document.schema, response } };
}
