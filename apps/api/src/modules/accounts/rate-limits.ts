/**
 * Rate limits on sign-in, registration and emailed-link requests: per client IP and per
 * account (the email address in the body), in Redis when REDIS_URL is set so every process
 * shares the counts, else in process memory.
 */
import { AUTH_RATE_LIMITS } from "@deals/domain/constants";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { ApiError } from "../../errors.ts";
import { emailKey } from "./queries.ts";

type LimitName = keyof typeof AUTH_RATE_LIMITS;

export function tooManyRequests(): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_REQUESTS",
    "Too many attempts. Please wait a few minutes and try again.",
  );
}

export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis } : {}),
    nameSpace: "rate-limit:accounts:",
  });
}

type Key = (request: FastifyRequest) => string | undefined;

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The client address, or undefined (no per-IP limit) for a loopback client outside
 * production: local development and the end-to-end run send everything from one address.
 */
const clientIp: Key = (request) =>
  process.env.NODE_ENV !== "production" && LOOPBACK.has(request.ip) ? undefined : request.ip;

function limit(app: FastifyInstance, name: LimitName, key: Key) {
  const { max, windowSeconds } = AUTH_RATE_LIMITS[name];
  const check = app.createRateLimit({
    max,
    timeWindow: windowSeconds * 1000,
    // No key, no limit: a loopback client in development (a body without an address never
    // gets here: validation refuses it first).
    allowList: (request) => key(request) === undefined,
    keyGenerator: (request) => `${name}:${key(request)}`,
  });
  const hook: preHandlerAsyncHookHandler = async (request, reply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", result.ttlInSeconds);
      throw tooManyRequests();
    }
  };
  return hook;
}

/** The address the body names: `username` for a login, `email` elsewhere (possibly nested). */
const accountOf: Key = (request) => {
  const body = request.body as Record<string, unknown> | undefined;
  const nested = (field: string) => (body?.[field] as { email?: unknown } | undefined)?.email;
  const value =
    body?.username ?? body?.email ?? nested("expressBuyTokenRequest") ?? nested("requestSubscriptionDetails");
  return typeof value === "string" ? emailKey(value) : undefined;
};

/** Both limits for a call: per IP, then per account. */
export function perIpAndAccount(app: FastifyInstance, perIp: LimitName, perAccount: LimitName) {
  return [limit(app, perIp, clientIp), limit(app, perAccount, accountOf)];
}

export function perIp(app: FastifyInstance, name: LimitName) {
  return [limit(app, name, clientIp)];
}
