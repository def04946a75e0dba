/**
 * Redis, when REDIS_URL is set (design.md "Redis for sessions, rate limits and hot caches"):
 * one client for the process, on `app.redis`, closed with the app. Without REDIS_URL,
 * `app.redis` is null and every user of it falls back to PostgreSQL or process memory.
 */
import fp from "fastify-plugin";
import { Redis } from "ioredis";

declare module "fastify" {
  interface FastifyInstance {
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (
    app,
    {
      url = process.env.REDIS_URL,
      // Every key of this deployment (or test database) under one prefix, so several can
      // share a Redis without reading each other's sessions or rate-limit counts.
      keyPrefix = process.env.REDIS_KEY_PREFIX ?? "deals:",
    }: { url?: string; keyPrefix?: string },
  ) => {
    if (!url) {
      app.decorate("redis", null);
      return;
    }
    // Fail a command rather than queue it forever when Redis is down.
    const redis = new Redis(url, {
      keyPrefix,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    redis.on("error", (error) => app.log.warn({ err: error }, "redis connection error"));
    app.decorate("redis", redis);
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: "redis" },
);
