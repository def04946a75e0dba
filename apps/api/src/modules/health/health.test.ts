import { createServer } from "node:net";
import { testDatabase } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUnavailable } from "../../error-handler.ts";
import { buildTestApp, startTestApp, type TestApp } from "../../testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A port nothing listens on. */
const deadPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe("GET /healthz, the readiness check", () => {
  it("is ready when every dependency answers, and says so for each", async () => {
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    const { dependencies } = response.json();
    expect(dependencies.database).toBe("up");
    expect(["up", "not-configured"]).toContain(dependencies.redis);
  });

  it("fails, naming Redis, while Redis does not answer", async () => {
    const saved = process.env.REDIS_URL;
    process.env.REDIS_URL = `redis://127.0.0.1:${await deadPort()}`;
    const app = await buildTestApp({ database: t.database });
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
    try {
      const response = await app.inject({ url: "/healthz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: "REDIS_UNAVAILABLE", message: "Not ready: redis not answering." },
        dependencies: { database: "up", redis: "down" },
      });
    } finally {
      await app.close();
    }
  });

  it("fails, naming the database, while the database does not answer", async () => {
    const database = await testDatabase();
    const app = await buildTestApp({ database });
    await database.close();
    try {
      const response = await app.inject({ url: "/healthz" });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: { code: "DATABASE_UNAVAILABLE", message: "Not ready: database not answering." },
        dependencies: { database: "down" },
      });
    } finally {
      await app.close();
    }
  });
});

describe("a dependency that does not answer", () => {
  it("is told apart from a fault, so the caller gets 503 and tries again", () => {
    expect(
      isUnavailable(
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      ),
    ).toBe(true);
    expect(isUnavailable(new Error("query failed", { cause: { code: "57P01" } }))).toBe(true);
    expect(isUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });
});
