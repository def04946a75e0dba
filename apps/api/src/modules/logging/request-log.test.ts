import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { logLines } from "../../../../../tests/support/log-lines.ts";
import { RequestLog } from "./request-log.ts";

/** A Fastify app logging at `level` with RequestLog, and the lines it wrote. */
function appLoggingAt(level: string) {
  const { stream, lines } = logLines();
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get("/v1/things/:id", async () => ({ ok: true }));
  app.get("/v1/broken", async () => {
    throw new Error("the database went away");
  });
  return { app, lines };
}

describe("RequestLog", () => {
  it("writes one line a request from the network at info: method, URL, status, time and its id", async () => {
    const { app, lines } = appLoggingAt("info");
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const answer = await fetch(`http://127.0.0.1:${port}/v1/things/7?page=2`);
    await app.close();
    expect(answer.status).toBe(200);
    const ofRequests = lines.filter((line) => line.reqId !== undefined);
    expect(ofRequests).toHaveLength(1);
    const [line] = ofRequests;
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/v1/things/7?page=2" },
      res: { statusCode: 200 },
    });
    expect(line?.reqId).toEqual(expect.any(String));
    expect(line?.responseTime).toEqual(expect.any(Number));
  });

  it("writes a page's in-process calls (app.inject) at debug, their arrival at trace", async () => {
    const info = appLoggingAt("info");
    await info.app.inject({ method: "GET", url: "/v1/things/7" });
    expect(info.lines).toEqual([]);

    const trace = appLoggingAt("trace");
    await trace.app.inject({ method: "GET", url: "/v1/things/7" });
    expect(trace.lines.map((line) => [line.level, line.msg])).toEqual([
      [10, "incoming request"],
      [20, "request completed"],
    ]);
    expect(trace.lines[1]).toMatchObject({ req: { url: "/v1/things/7" }, res: { statusCode: 200 } });
  });

  it("writes a failed call as an error with its URL, in-process too", async () => {
    const { app, lines } = appLoggingAt("info");
    const answer = await app.inject({ method: "GET", url: "/v1/broken" });
    expect(answer.statusCode).toBe(500);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, req: expect.objectContaining({ url: "/v1/broken" }) }),
    );
  });

  it("writes nothing when request logging is off", async () => {
    const { stream, lines } = logLines();
    const app = Fastify({
      logger: { level: "trace", stream },
      logController: new RequestLog({ disableRequestLogging: true }),
    });
    app.get("/", async () => "ok");
    await app.inject({ method: "GET", url: "/" });
    expect(lines).toEqual([]);
  });
});
