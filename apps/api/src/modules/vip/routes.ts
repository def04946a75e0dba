/**
 * VIP membership under /v1, for the signed-in customer's own membership only (nobody else's
 * is addressable): status, paying for a year (idempotency-key header), the free trial, and
 * the one-click cancel. Each change refreshes the VIP membership cookie (1 day, services.md
 * §9) and the customer's cached sessions, so VIP prices follow at once.
 */
import { COOKIES } from "@deals/domain/cookies";
import { vipStatusLabel } from "@deals/domain/subscription";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { idempotencyHeadersSchema, subscribeBodySchema, type VipStatus, vipStatusSchema } from "./schemas.ts";
import { cancelMembership, startFreeTrial, subscribe, type VipContext, vipStatus } from "./service.ts";

export interface VipRoutesOptions extends ModuleOptions {
  providers: PaymentProviders;
}

const tags = ["vip"];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

export const vipRoutes: FastifyPluginAsyncZod<VipRoutesOptions> = async (app, { db, clock, providers }) => {
  const context = (request: FastifyRequest): VipContext => ({
    db,
    providers,
    brand: request.brand,
    customer: requireCustomer(request),
    now: clock(),
  });

  /** The status after a change, with the membership cookie and sessions brought up to date. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    ctx: VipContext,
  ): Promise<VipStatus> => {
    await app.sessions.forgetCustomer(ctx.customer.id);
    const status = await vipStatus(db, ctx.brand, ctx.customer.id, clock());
    reply.setCookie(COOKIES.vipMembership.name, vipStatusLabel(status.vipUser), {
      path: "/",
      sameSite: "lax",
      secure: process.env.NODE_ENV === "production" || request.protocol === "https",
      maxAge: COOKIES.vipMembership.maxAgeSeconds,
    });
    reply.header("cache-control", "private, no-store");
    return status;
  };

  app.get(
    "/vip",
    {
      schema: {
        tags,
        summary: "The signed-in customer's VIP membership: state, dates, renewal, rewards and savings",
        response: { 200: vipStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      reply.header("cache-control", "private, no-store");
      return vipStatus(db, ctx.brand, ctx.customer.id, ctx.now);
    },
  );

  app.post(
    "/vip/subscribe",
    {
      config: { admission: "first" },
      schema: {
        tags,
        summary:
          "Pay for a year of VIP (4.99 in the site's currency); renews each year until cancelled. " +
          "A repeated idempotency-key answers the first payment and charges nothing more",
        headers: idempotencyHeadersSchema,
        body: subscribeBodySchema,
        response: {
          200: vipStatusSchema,
          201: vipStatusSchema,
          ...errors,
          402: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      const { created } = await subscribe(ctx, request.body, request.headers["idempotency-key"]);
      return reply.code(created ? 201 : 200).send(await answer(request, reply, ctx));
    },
  );

  app.post(
    "/vip/free-trial",
    {
      schema: {
        tags,
        summary: "Start the free VIP trial: once per customer, never while a member, never charged",
        response: { 201: vipStatusSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      await startFreeTrial(ctx);
      return reply.code(201).send(await answer(request, reply, ctx));
    },
  );

  app.post(
    "/vip/cancel",
    {
      schema: {
        tags,
        summary:
          "Cancel in one click: a paid year stops renewing and runs to its end date; a free trial ends now",
        response: { 200: vipStatusSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => answer(request, reply, await cancelled(context(request))),
  );
};

async function cancelled(ctx: VipContext): Promise<VipContext> {
  await cancelMembership(ctx);
  return ctx;
}
