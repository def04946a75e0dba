/**
 * GET /metrics for Prometheus, and the hooks that count every answer. An operations endpoint,
 * kept out of the public API document: it answers only with `Authorization: Bearer` and the
 * METRICS_TOKEN the server was started with (401 otherwise), and does not exist (404) on a
 * server started without one.
 */
import { timingSafeEqual } from "node:crypto";
import type { Database } from "@deals/db";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "../../errors.ts";
import type { Metrics, PoolUse } from "./metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The pay call: its answers are orders placed (201) or refused (4xx). */
const PAY_ROUTE = "/v1/checkout/:basketToken";

/** The PostgreSQL pool's use; PGlite has one connection and no pool. */
export function poolUse(database: Database): PoolUse | null {
  if (database.engine !== "postgres") return null;
  const pool = (
    database.db as unknown as { $client: { totalCount: number; idleCount: number; waitingCount: number } }
  ).$client;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

function authorised(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? "");
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const metricsPlugin = fp<{ metrics: Metrics; token: string | undefined }>(
  async (app: FastifyInstance, { metrics, token }) => {
    app.decorate("metrics", metrics);

    app.addHook("onResponse", (request, reply, done) => {
      // Unmatched paths share one label, so probing URLs cannot grow the series without end.
      const route = request.routeOptions.url ?? "unmatched";
      const status = reply.statusCode;
      metrics.answers.record(request.method, route, status, reply.elapsedTime / 1000);
      if (route === PAY_ROUTE && request.method === "POST") {
        const brand = (request as { brand?: { id: string } }).brand?.id ?? "none";
        if (status === 201) metrics.ordersPlaced.inc({ brand });
        else if (status >= 400 && status < 500) metrics.ordersRefused.inc({ brand, status });
      }
      done();
    });

    app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
      if (!token) return reply.callNotFound();
      if (!authorised(request, token)) {
        throw new ApiError(401, "UNAUTHORIZED", "The metrics need the operations bearer token.");
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: "metrics" },
);
