/**
 * Maps every failure to the JSON error shape with the right status (design.md "Every bad
 * input gets a 4xx with a clear message"). Only genuine faults become 500, and those never
 * reveal their stack or message.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiError, errorBody } from "./errors.ts";

// services.md §8 "User-facing messages": the generic one.
export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";

/** Fastify's own 4xx errors (body parsing, URL decoding), with a code and a sentence of ours. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "UNSUPPORTED_MEDIA_TYPE",
    message: "The request body's content type is not supported.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "MALFORMED_JSON", message: "The request body is not valid JSON." },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "MALFORMED_JSON",
    message: "The request body is empty but its content type says JSON.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: "INVALID_REQUEST",
    message: "The request body does not match its Content-Length.",
  },
  FST_ERR_BAD_URL: { code: "INVALID_REQUEST", message: "The request path is not a valid URL." },
};

const CODES_BY_STATUS: Record<number, string> = {
  400: "INVALID_REQUEST",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  406: "NOT_ACCEPTABLE",
  413: "PAYLOAD_TOO_LARGE",
  414: "URI_TOO_LONG",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

/** "page must be ..." when the schema's message already names the parameter, else "page: ...". */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const path = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") ?? "";
  const parameter = path || error.validationContext || "request";
  const detail = first?.message ?? "is not valid";
  return detail.startsWith(parameter) ? detail : `${parameter}: ${detail}`;
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.code(400).send(errorBody("INVALID_PARAMETER", validationMessage(error)));
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, "request rejected");
      const code = known?.code ?? CODES_BY_STATUS[status] ?? "INVALID_REQUEST";
      return reply.code(status).send(errorBody(code, known?.message ?? error.message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(errorBody("INTERNAL_ERROR", UNEXPECTED_ERROR_MESSAGE));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody("NOT_FOUND", `There is no ${request.method} route at this path.`));
  });
}
