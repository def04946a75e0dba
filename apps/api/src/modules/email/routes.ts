/**
 * GET /v1/email/verify?email= (services.md §7.2) and, outside production, the development
 * mailbox: GET /dev/mailbox.json lists what the outbox holds (the storefront shows it at
 * /dev/mailbox).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { latestEmails } from "./queries.ts";
import { emailCheckSchema, mailboxQuerySchema, mailboxSchema, verifyQuerySchema } from "./schemas.ts";
import { checkEmailAddress, dnsMailDomainResolver, type MailDomainResolver } from "./verify.ts";

export interface EmailRoutesOptions extends ModuleOptions {
  resolver?: MailDomainResolver;
}

export const emailRoutes: FastifyPluginAsyncZod<EmailRoutesOptions> = async (app, options) => {
  const resolver = options.resolver ?? dnsMailDomainResolver;
  app.get(
    "/email/verify",
    {
      schema: {
        tags: ["email"],
        summary: "Whether an address looks deliverable, from its syntax and domain",
        querystring: verifyQuerySchema,
        response: { 200: emailCheckSchema, 400: errorResponseSchema },
      },
    },
    (request) => checkEmailAddress(request.query.email, resolver),
  );
};

export const devMailboxRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db }) => {
  if (process.env.NODE_ENV === "production") return;
  app.get(
    "/dev/mailbox.json",
    {
      schema: {
        tags: ["development"],
        summary: "The newest emails in the outbox (not in production)",
        querystring: mailboxQuerySchema,
        response: { 200: mailboxSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const rows = await latestEmails(db, request.query.to);
      return {
        emails: rows.map((row) => ({
          id: row.id,
          to: row.to,
          template: row.template,
          subject: row.subject,
          text: row.text,
          html: row.html,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
