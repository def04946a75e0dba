import Fastify from "fastify";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { logLines } from "../../../../../tests/support/log-lines.ts";
import { RequestLog } from "./request-log.ts";
import { requestLogger } from "./request-logger.ts";

/** A pino logger at `level` writing to `lines`, as buildApp's logger is. */
function loggerAt(level: string) {
  const { stream, lines } = logLines();
  return { logger: pino({ level, redact: ["*.password"] }, stream), lines };
}

describe("requestLogger", () => {
  it("writes a handler's lines with the request's id, redacted, and leaves out those below the level", async () => {
    const { logger, lines } = loggerAt("info");
    // In-process calls' own lines are at debug (RequestLog): only the handler's are written.
    const app = Fastify({
      loggerInstance: logger,
      childLoggerFactory: requestLogger,
      logController: new RequestLog(),
    });
    app.get("/things", async (request) => {
      request.log.debug("not written at info");
      request.log.info({ shopper: { password: "hunter2" } }, "looked at things");
      request.log.child({ part: "basket" }).warn("a child of the request's logger");
      return { ok: true };
    });
    const answer = await app.inject({ method: "GET", url: "/things" });
    await app.close();
    expect(answer.statusCode).toBe(200);
    expect(lines.map((line) => line.msg)).toEqual(["looked at things", "a child of the request's logger"]);
    const [looked, child] = lines;
    expect(looked).toMatchObject({
      level: 30,
      reqId: expect.any(String),
      shopper: { password: "[Redacted]" },
    });
    expect(child).toMatchObject({ level: 40, reqId: looked?.reqId, part: "basket" });
  });

  it("makes pino's child only when a line is written at a level that is on", () => {
    const { logger, lines } = loggerAt("warn");
    const child = vi.spyOn(logger, "child");
    const log = requestLogger(logger, { reqId: "r-2" }, {});
    log.info("below the level");
    log.debug("below the level");
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe("warn");

    log.error("written");
    expect(child).toHaveBeenCalledOnce();
    expect(lines).toEqual([expect.objectContaining({ level: 50, reqId: "r-2", msg: "written" })]);
  });

  it("follows a level set on the request's logger", () => {
    const { logger, lines } = loggerAt("warn");
    const log = requestLogger(logger, { reqId: "r-3" }, {});
    log.level = "debug";
    log.debug("written at debug now");
    expect(log.level).toBe("debug");
    expect(logger.level).toBe("warn");
    expect(lines).toEqual([expect.objectContaining({ level: 20, reqId: "r-3" })]);
  });

  it("makes a route's own level or serializers at once, as pino does", () => {
    const { logger, lines } = loggerAt("warn");
    const log = requestLogger(logger, { reqId: "r-4" }, { level: "info" });
    log.info("written: the route logs at info");
    expect(lines).toEqual([expect.objectContaining({ level: 30, reqId: "r-4" })]);
  });
});
