/**
 * Reports sent as the page hides go by navigator.sendBeacon, which posts its JSON as
 * text/plain (product.md §4: impressions are flushed at 50 or on page unload). Routes that
 * take such reports read a text/plain body as JSON too.
 */
import type { FastifyError, FastifyInstance } from "fastify";

export function acceptBeaconBodies(app: FastifyInstance): void {
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      const error = new Error("The request body is not valid JSON.") as FastifyError;
      error.statusCode = 400;
      (error as { code: string }).code = "FST_ERR_CTP_INVALID_JSON_BODY";
      done(error, undefined);
    }
  });
}
