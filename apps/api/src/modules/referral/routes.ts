/**
 * The refer-a-friend calls under /v1 (services.md §7.2 "same path plus /raf/status", the
 * public paths /v1/user/raf/stat/share and /v1/user/raf/stat/open, the legacy
 * /user/raf/assign), and the invitation by email. All but opening a link are for the
 * signed-in customer's own referrals only.
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "../accounts/auth.ts";
import { siteOrigin } from "../accounts/links.ts";
import {
  assignResultSchema,
  invitationParamsSchema,
  inviteBodySchema,
  inviteResultSchema,
  openResultSchema,
  rafStatusQuerySchema,
  rafStatusSchema,
  referralCodeBodySchema,
  shareBodySchema,
  shareResultSchema,
} from "./schemas.ts";
import {
  assignReferral,
  inviteFriend,
  openReferralLink,
  type ReferralContext,
  recordShare,
  referralStatus,
  withdrawInvitation,
} from "./service.ts";

const signedInErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ["referral"];

export const referralRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  const context = (request: FastifyRequest): ReferralContext => ({
    db,
    brand: request.brand,
    customer: requireCustomer(request),
    now: clock(),
    origin: siteOrigin(request, request.brand),
  });

  app.get(
    "/user/raf/status",
    {
      schema: {
        tags,
        summary: "The signed-in customer's referral code, link, credit earned and referral stats",
        querystring: rafStatusQuerySchema,
        response: { 200: rafStatusSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const status = await referralStatus(context(request));
      reply.header("cache-control", "no-store");
      return status;
    },
  );

  app.post(
    "/user/raf/invite",
    {
      schema: {
        tags,
        summary: "Email a friend the customer's referral link (a few a day)",
        body: inviteBodySchema,
        response: {
          200: inviteResultSchema,
          ...signedInErrors,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await inviteFriend(context(request), request.body.email);
      reply.header("cache-control", "no-store");
      return result;
    },
  );

  app.delete(
    "/user/raf/invite/:id",
    {
      schema: {
        tags,
        summary: "Withdraw an invitation the friend has not taken up",
        params: invitationParamsSchema,
        response: { 200: rafStatusSchema, ...signedInErrors, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const status = await withdrawInvitation(context(request), request.params.id);
      reply.header("cache-control", "no-store");
      return status;
    },
  );

  app.post(
    "/user/raf/assign",
    {
      schema: {
        tags,
        summary: "Join through a friend's referral code (new customers only)",
        body: referralCodeBodySchema,
        response: {
          200: assignResultSchema,
          ...signedInErrors,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    (request) => assignReferral(context(request), request.body.referralCode),
  );

  app.post(
    "/user/raf/stat/open",
    {
      schema: {
        tags,
        summary: "Count a referral link opened; answers whose link it is",
        body: referralCodeBodySchema,
        response: { 200: openResultSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    (request) => openReferralLink(db, request.brand, request.body.referralCode),
  );

  app.post(
    "/user/raf/stat/share",
    {
      schema: {
        tags,
        summary: "Count the signed-in customer's referral link copied or shared",
        body: shareBodySchema,
        response: { 200: shareResultSchema, ...signedInErrors },
      },
    },
    (request) => recordShare(context(request)),
  );
};
