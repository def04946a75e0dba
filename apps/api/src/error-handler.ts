/**
 * Maps every failure to the JSON error shape with the right status (design.md "Every bad
 * input gets a 4xx with a clear message"). Only genuine faults become 500, and those never
 * reveal their stack or message.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { BUSY_MESSAGE } from "./admission.ts";
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
  FST_ERR_MAX_PARAM_LENGTH: { code: "URI_TOO_LONG", message: "A segment of the request path is too long." },
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

interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22...): a value the database cannot store or
 * compare, such as a NUL character in text or a number out of range, that reached a query
 * because a route's schema let it through. The caller sent it, so it is their 400, not our 500.
 */
function isDataException(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === "string" && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Connection failures of PostgreSQL (SQLSTATE class 08, shutdown 57P0x, too many connections), a payment gateway and the network. */
const UNAVAILABLE_CODES =
  /^(08...|57P0[1-3]|53300|PROVIDER_UNAVAILABLE|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error|Connection is closed|MaxRetriesPerRequest/i;

/**
 * A dependency not answering: PostgreSQL restarting or out of connections, a connection
 * refused or cut, Redis down. The request may well succeed in a moment, so it is a 503 with
 * services.md §8's "try again later", not a 500.
 */
export function isUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    depth++
  ) {
    if (typeof e.code === "string" && UNAVAILABLE_CODES.test(e.code)) return true;
    if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    if (e.name === "MaxRetriesPerRequestError") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The status, code and message a caller gets for a failure. */
function answerFor(error: FastifyError): ErrorAnswer {
  if (error instanceof ApiError) {
    return { status: error.statusCode, code: error.code, message: error.message };
  }
  if (isUnavailable(error)) return { status: 503, code: "SERVICE_UNAVAILABLE", message: BUSY_MESSAGE };
  if (isDataException(error)) {
    return { status: 400, code: "INVALID_PARAMETER", message: "A value in the request cannot be used." };
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return { status: 400, code: "INVALID_PARAMETER", message: validationMessage(error) };
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    return { status: 500, code: "INTERNAL_ERROR", message: UNEXPECTED_ERROR_MESSAGE };
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  return {
    status,
    code: known?.code ?? CODES_BY_STATUS[status] ?? "INVALID_REQUEST",
    message: known?.message ?? error.message,
  };
}

function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerFor(error);
  if (answer.status === 503 && !(error instanceof ApiError)) {
    request.log.warn({ err: error }, "dependency unavailable");
    reply.header("retry-after", "1");
  } else if (answer.status >= 500) request.log.error({ err: error }, "request failed");
  else if (!(error instanceof ApiError)) request.log.info({ code: error.code }, "request rejected");
  return reply.code(answer.status).send(errorBody(answer.code, answer.message));
}

/**
 * For Fastify's `frameworkErrors` option: URLs the router cannot even match (bad percent
 * encoding, an over-long segment) get the same JSON errors, without echoing the path.
 */
export const frameworkErrors = sendError;

/** What Node's HTTP parser refuses before Fastify sees a request. */
const CLIENT_ERRORS: Record<string, ErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "HEADERS_TOO_LARGE",
    message: "The request's headers (cookies included) are too large.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: "REQUEST_TIMEOUT",
    message: "The request took too long to arrive.",
  },
};

/**
 * For Fastify's `clientErrorHandler` option: a request Node's parser refused (oversized
 * headers, a malformed request line) still gets the JSON error shape, as Fastify's own answer
 * would not give it.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const answer = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    code: "INVALID_REQUEST",
    message: "The request is not valid HTTP.",
  };
  const body = JSON.stringify(errorBody(answer.code, answer.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody("NOT_FOUND", `There is no ${request.method} route at this path.`));
  });
}
