import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { RequestLog } from "./request-log.ts";

/** A Fastify app logging at `level` with RequestLog, and the lines it wrote. */
function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new RequestLog() });
  app.get("/v1/things/:id", async () => ({ ok: true }));
  app.get("/v1/broken", async () => {
    throw new Error("the database went away");
  });
  return { app, lines };
}

describe("RequestLog", () => {
  it("writes one line a request at info: method, URL, status, time and the request's id", async () => {
    const { app, lines } = appLoggingAt("info");
    const answer = await app.inject({ method: "GET", url: "/v1/things/7?page=2" });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      msg: "request completed",
      req: { method: "GET", url: "/v1/things/7?page=2" },
      res: { statusCode: 200 },
    });
    expect(line?.reqId).toEqual(expect.any(String));
    expect(line?.responseTime).toEqual(expect.any(Number));
  });

  it("says when a request arrives at debug level", async () => {
    const { app, lines } = appLoggingAt("debug");
    await app.inject({ method: "GET", url: "/v1/things/7" });
    expect(lines.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
    expect(lines[0]).toMatchObject({ level: 20, req: { url: "/v1/things/7" } });
  });

  it("writes a failed request as an error with its URL", async () => {
    const { app, lines } = appLoggingAt("info");
    const answer = await app.inject({ method: "GET", url: "/v1/broken" });
    expect(answer.statusCode).toBe(500);
    const errored = lines.find((line) => line.msg === "request errored" || line.level === 50);
    expect(errored).toBeDefined();
    expect(lines.at(-1)).toMatchObject({ req: { url: "/v1/broken" }, res: { statusCode: 500 } });
  });

  it("writes nothing when request logging is off", async () => {
    const lines: unknown[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk);
        done();
      },
    });
    const app = Fastify({
      logger: { level: "trace", stream },
      logController: new RequestLog({ disableRequestLogging: true }),
    });
    app.get("/", async () => "ok");
    await app.inject({ method: "GET", url: "/" });
    expect(lines).toEqual([]);
  });
});
