/**
 * The account calls under /v1 (services.md §7.2 "Profile and session", public paths /v1/login,
 * /v1/logingoogle, /v1/registergoogleuser, /v1/express-buy-token, /v1/email, and the legacy
 * /user paths under /v1/user). Handlers only translate HTTP: the rules are in the services.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { requireCustomer } from "./auth.ts";
import type { AccountsContext } from "./context.ts";
import { requestDeletion } from "./deletion.ts";
import { type GoogleTokenVerifier, googleVerifierFromEnv } from "./google.ts";
import { siteLinks, siteOrigin } from "./links.ts";
import { perIp, perIpAndAccount, registerRateLimits } from "./rate-limits.ts";
import {
  activate,
  checkLink,
  type RegistrationFlow,
  register,
  requestActivation,
  requestPasswordReset,
  resetPassword,
} from "./registration.ts";
import {
  accountStatusRequestSchema,
  accountStatusSchema,
  accountSubscribeSchema,
  deletionRequestSchema,
  deletionSchema,
  emailPreferencesSchema,
  emailRequestSchema,
  expressBuyRequestSchema,
  expressBuyTokenSchema,
  googleLoginSchema,
  loginBodySchema,
  messageSchema,
  passwordChangeSchema,
  profileQuerySchema,
  profileSchema,
  profileUpdateSchema,
  registrationBodySchema,
  sessionSchema,
  subscribeSchema,
  subscriptionListSchema,
  subscriptionParamsSchema,
  subscriptionSchema,
  tokenPasswordSchema,
  unsubscribeSchema,
} from "./schemas.ts";
import {
  accountStatus,
  changePassword,
  expressBuyToken,
  getProfile,
  login,
  loginWithGoogle,
  type SignIn,
  updateProfile,
} from "./service.ts";
import { clearSignInCookies, SESSION_COOKIE, setSignInCookies } from "./session-cookies.ts";
import {
  cancelSubscription,
  listSubscriptions,
  subscribe,
  unsubscribeByToken,
  updateEmailPreferences,
} from "./subscriptions.ts";

export interface AccountsRoutesOptions extends ModuleOptions {
  /** Defaults to the development verifier outside production, none in production. */
  googleVerifier?: GoogleTokenVerifier | null;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  429: errorResponseSchema,
};
const tokenQuerySchema = z.object({ token: z.string().min(1).max(200) });
const linkCheckSchema = z.object({ needsPassword: z.boolean() });

export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const { db, clock } = options;
  const googleVerifier =
    options.googleVerifier === undefined ? googleVerifierFromEnv() : options.googleVerifier;
  await registerRateLimits(app);

  const context = (request: FastifyRequest): AccountsContext => ({
    db,
    sessions: app.sessions,
    now: clock(),
    brand: request.brand,
    links: siteLinks(siteOrigin(request, request.brand)),
  });

  const signedIn = (request: FastifyRequest, reply: FastifyReply, { sid, session }: SignIn) => {
    setSignInCookies(request, reply, {
      sid,
      rememberMe: session.rememberMe,
      customerToken: session.customerToken,
      vipUser: session.user.vipUser,
    });
    return session;
  };

  const tags = ["accounts"];

  // Sessions

  app.post(
    "/login",
    {
      schema: {
        tags,
        summary: "Sign in with email and password",
        body: loginBodySchema,
        response: { 200: sessionSchema, ...errors },
      },
      preHandler: perIpAndAccount(app, "loginPerIp", "loginPerAccount"),
    },
    async (request, reply) => signedIn(request, reply, await login(context(request), request.body)),
  );

  app.put(
    "/logout",
    { schema: { tags, summary: "Sign out: the session ends on the server", response: { 204: z.null() } } },
    async (request, reply) => {
      const sid = request.cookies[SESSION_COOKIE];
      if (sid) await app.sessions.end(sid);
      clearSignInCookies(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/logingoogle",
    {
      schema: {
        tags,
        summary: "Sign in with a Google ID token",
        body: googleLoginSchema,
        response: { 200: sessionSchema, 404: errorResponseSchema, 503: errorResponseSchema, ...errors },
      },
      preHandler: perIp(app, "loginPerIp"),
    },
    async (request, reply) =>
      signedIn(request, reply, await loginWithGoogle(context(request), googleVerifier, request.body, false)),
  );

  app.post(
    "/registergoogleuser",
    {
      schema: {
        tags,
        summary: "Sign up (or in) with a Google ID token",
        body: googleLoginSchema,
        response: { 200: sessionSchema, 503: errorResponseSchema, ...errors },
      },
      preHandler: perIp(app, "registrationPerIp"),
    },
    async (request, reply) =>
      signedIn(request, reply, await loginWithGoogle(context(request), googleVerifier, request.body, true)),
  );

  // Registration: normal, VIP, and VIP with the free-trial flag (services.md §7.2)

  const registration = (path: string, flow: RegistrationFlow, summary: string) =>
    app.post(
      path,
      {
        schema: {
          tags,
          summary,
          body: registrationBodySchema,
          response: { 201: sessionSchema, 409: errorResponseSchema, ...errors },
        },
        preHandler: perIpAndAccount(app, "registrationPerIp", "registrationPerAccount"),
      },
      async (request, reply) =>
        reply.code(201).send(signedIn(request, reply, await register(context(request), request.body, flow))),
    );
  registration("/register", "normal", "Register and sign in; an activation link is emailed");
  registration("/register/vip", "vip", "Register through the VIP flow");
  registration(
    "/register/vip-free-trial",
    "vip-free-trial",
    "Register through the VIP flow with a free trial",
  );

  // Emailed links: activation and password reset

  const emailLink = (path: string, summary: string, send: typeof requestActivation) =>
    app.post(
      path,
      {
        schema: { tags, summary, body: emailRequestSchema, response: { 202: messageSchema, ...errors } },
        preHandler: perIpAndAccount(app, "emailLinkPerIp", "emailLinkPerAccount"),
      },
      async (request, reply) => reply.code(202).send(await send(context(request), request.body.email)),
    );
  emailLink("/user/activation_request", "Email a new activation link", requestActivation);
  emailLink("/user/password_reset_request", "Email a password reset link", requestPasswordReset);

  const linkCheck = (path: string, purpose: "activation" | "password-reset", summary: string) =>
    app.get(
      path,
      {
        schema: {
          tags,
          summary,
          querystring: tokenQuerySchema,
          response: { 200: linkCheckSchema, ...errors },
        },
      },
      (request) => checkLink(context(request), request.query.token, purpose),
    );
  linkCheck("/user/password_activate", "activation", "Whether an activation link is still valid");
  linkCheck("/user/password_reset", "password-reset", "Whether a password reset link is still valid");

  app.post(
    "/user/password_activate",
    {
      schema: {
        tags,
        summary: "Activate an account from its link, and sign in",
        body: tokenPasswordSchema,
        response: { 200: sessionSchema, ...errors },
      },
      preHandler: perIp(app, "emailLinkPerIp"),
    },
    async (request, reply) => signedIn(request, reply, await activate(context(request), request.body)),
  );

  app.post(
    "/user/password_reset",
    {
      schema: {
        tags,
        summary: "Choose a new password from a reset link",
        body: tokenPasswordSchema,
        response: { 200: messageSchema, ...errors },
      },
      preHandler: perIp(app, "emailLinkPerIp"),
    },
    (request) => resetPassword(context(request), request.body),
  );

  // The signed-in customer's own account

  app.get(
    "/user",
    {
      schema: {
        tags,
        summary: "The signed-in customer's profile",
        querystring: profileQuerySchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return getProfile(context(request), requireCustomer(request));
    },
  );

  app.put(
    "/user",
    {
      schema: {
        tags,
        summary: "Update the profile",
        body: profileUpdateSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (request) => updateProfile(context(request), requireCustomer(request), request.body.user),
  );

  app.patch(
    "/user/password",
    {
      schema: {
        tags,
        summary: "Change the password",
        body: passwordChangeSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      await changePassword(
        context(request),
        customer,
        request.cookies[SESSION_COOKIE]!,
        request.body.passwordChange,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/user/anonymize",
    {
      schema: {
        tags,
        summary: "Delete the account: personal data anonymised within 24 hours, orders kept",
        body: deletionRequestSchema,
        response: { 202: deletionSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const deletion = await requestDeletion(
        context(request),
        requireCustomer(request),
        request.body.password,
      );
      clearSignInCookies(request, reply);
      return reply.code(202).send(deletion);
    },
  );

  // Subscriptions and email preferences

  app.get(
    "/user/subscriptions",
    {
      schema: {
        tags,
        summary: "The customer's deal email subscriptions and preferences",
        response: { 200: subscriptionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listSubscriptions(context(request), requireCustomer(request));
    },
  );

  app.post(
    "/user/subscriptions",
    {
      schema: {
        tags,
        summary: "Subscribe the customer to a location's deals",
        body: accountSubscribeSchema,
        response: { 201: subscriptionSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const customer = requireCustomer(request);
      return reply.code(201).send(await subscribe(context(request), customer.email, request.body.location));
    },
  );

  app.delete(
    "/user/subscriptions/:id",
    {
      schema: {
        tags,
        summary: "Cancel one of the customer's subscriptions",
        params: subscriptionParamsSchema,
        response: { 200: messageSchema, 404: errorResponseSchema, ...errors },
      },
    },
    (request) => cancelSubscription(context(request), requireCustomer(request), request.params.id),
  );

  app.put(
    "/user/email-preferences",
    {
      schema: {
        tags,
        summary: "Update the email preferences",
        body: emailPreferencesSchema,
        response: { 200: emailPreferencesSchema, ...errors },
      },
    },
    (request) => updateEmailPreferences(context(request), requireCustomer(request), request.body),
  );

  app.post(
    "/subscription",
    {
      schema: {
        tags,
        summary: "Subscribe an address to a location's daily deals",
        body: subscribeSchema,
        response: { 201: subscriptionSchema, 404: errorResponseSchema, ...errors },
      },
      preHandler: perIpAndAccount(app, "emailLinkPerIp", "emailLinkPerAccount"),
    },
    async (request, reply) =>
      reply.code(201).send(await subscribe(context(request), request.body.email, request.body.location)),
  );

  app.post(
    "/subscription/cancel",
    {
      schema: {
        tags,
        summary: "Unsubscribe by the emailed token",
        body: unsubscribeSchema,
        response: { 200: messageSchema, 404: errorResponseSchema, ...errors },
      },
    },
    (request) => unsubscribeByToken(context(request), request.body.token),
  );

  // Checkout helpers

  app.post(
    "/email",
    {
      schema: {
        tags,
        summary: "The subscription check: what an address's account needs",
        body: accountStatusRequestSchema,
        response: { 200: accountStatusSchema, ...errors },
      },
      preHandler: perIp(app, "accountCheckPerIp"),
    },
    (request) => accountStatus(context(request), request.body.requestSubscriptionDetails.email),
  );

  app.post(
    "/express-buy-token",
    {
      schema: {
        tags,
        summary: "A guest's express-buy token",
        body: expressBuyRequestSchema,
        response: { 200: expressBuyTokenSchema, 409: errorResponseSchema, ...errors },
      },
      preHandler: perIpAndAccount(app, "registrationPerIp", "registrationPerAccount"),
    },
    (request) => expressBuyToken(context(request), request.body.expressBuyTokenRequest.email),
  );
};
