/**
 * One log line a request, when it completes: its method, URL, status and time, with the
 * request's id. A storefront page's in-process API calls (web.ts) are part of the page, whose
 * own line says how it went, so theirs are written at debug level, and the line on arrival at
 * debug (a request from the network) or trace (in-process); a failed call is still an error
 * with the page's id. Each line is serialised and run through the redaction paths (app.ts),
 * about 13 µs a line: a deal page and its four calls wrote ten (docs/scaling.md "Pages of one
 * byte a character").
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { fromNetwork } from "../../in-process.ts";

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    const level = fromNetwork(request) ? "debug" : "trace";
    request.log[level]({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log[fromNetwork(request) ? "info" : "debug"](line, "request completed");
  }
}
