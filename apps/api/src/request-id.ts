/**
 * One id per request that follows it through the logs: the caller's `x-request-id` when it is
 * a sensible id (the storefront passes its page request's id to every API call it makes
 * in-process, web.ts), otherwise a new one. Pino writes it on every line of the request as
 * `reqId`; the answer carries it back, and orders and payments keep the id of the request that
 * placed them.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";

/** Letters, digits and a few separators, up to 64 characters: nothing that could forge a log line. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

export function echoRequestId(app: FastifyInstance): void {
  // Hooks that do not wait end with done(): an async one costs a promise on every request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
