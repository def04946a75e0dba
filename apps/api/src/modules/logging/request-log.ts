/**
 * One log line a request, when it completes: its method, URL, status and time, with the
 * request's id (the page's, for a page's in-process API calls). The line on arrival is kept for
 * debugging, at debug level. A deal page is five requests (the page and its four API calls),
 * and each line is serialised and run through the redaction paths (app.ts): two lines a request
 * were about 4 % of a deal page's CPU (docs/scaling.md "Pages of one byte a character").
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}
