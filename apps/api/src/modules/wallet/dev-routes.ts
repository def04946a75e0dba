/**
 * Outside production only, beside the development mailbox: POST /dev/wallet-credit credits a
 * customer's wallet, so a development or end-to-end site can show a shopper with credit
 * (refer-a-friend, loyalty and refunds, which earn credit, have no call of their own yet).
 */
import { BRAND_IDS, BRANDS } from "@deals/domain/brand";
import { WALLET_ENTRY_SOURCES } from "@deals/domain/wallet-ledger";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { findUserByEmail } from "../accounts/queries.ts";
import { addWalletCredit, walletOf } from "./queries.ts";

const creditBodySchema = z.object({
  brand: z.enum(BRAND_IDS),
  email: z.string().trim().min(1).max(254),
  /** Minor units of the brand's currency. */
  amount: z.number().int().min(1).max(100_000),
  kind: z.enum(["marketing", "refundable"]).default("refundable"),
  /** Where the credit says it came from; refund (refundable) or promotion (marketing) unless told. */
  source: z.enum(WALLET_ENTRY_SOURCES).optional(),
});

const walletSchema = z.array(
  z.object({
    currency: z.string(),
    marketingBalance: z.number().int(),
    refundableBalance: z.number().int(),
    balance: z.number().int(),
  }),
);

export const devWalletRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { db, clock }) => {
  if (process.env.NODE_ENV === "production") return;
  app.post(
    "/dev/wallet-credit",
    {
      schema: {
        tags: ["development"],
        summary: "Credit a customer's wallet (not in production)",
        body: creditBodySchema,
        response: { 200: walletSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { brand, email, amount, kind, source } = request.body;
      const user = await findUserByEmail(db, brand, email);
      if (!user) throw new ApiError(404, "USER_NOT_FOUND", "There is no such account.");
      await db.transaction((tx) =>
        addWalletCredit(tx, {
          customerId: user.id,
          currency: BRANDS[brand].currency,
          kind,
          source: source ?? (kind === "marketing" ? "promotion" : "refund"),
          amountMinor: amount,
          description: "Development credit",
          now: clock(),
        }),
      );
      reply.header("cache-control", "no-store");
      return walletOf(db, user.id);
    },
  );
};
