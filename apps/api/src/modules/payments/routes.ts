/**
 * Pay-later sessions (services.md §7.4 "Payment service: /kn/sessions ... /cp/checkouts"):
 * a Klarna session or a Clearpay checkout opened for the basket's total, after the same
 * guards the order will meet (totals between 1 and 1000, blocked subcategories, fraud risk).
 * The order is then placed with POST /v1/checkout/{basketToken} and the session id.
 */
import { checkPaymentChoice, type PaymentMethod } from "@deals/domain/payment";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiError, errorResponseSchema } from "../../errors.ts";
import type { ModuleOptions } from "../../module-options.ts";
import { checkoutBasket } from "../checkout/service.ts";
import { loadCheckoutState, paymentContext } from "../checkout/state.ts";
import type { PaymentProviders } from "./port.ts";

export interface PaymentRoutesOptions extends ModuleOptions {
  providers: PaymentProviders;
}

const sessionBodySchema = z.object({
  basketToken: z.string().optional(),
  /** Wallet credit will be spent too: the session covers what is left. */
  useWallet: z.boolean().default(false),
});

const sessionSchema = z.object({
  provider: z.enum(["KLARNA", "CLEARPAY"]),
  sessionId: z.string(),
  clientToken: z.string(),
  amount: z.number().int(),
  currency: z.enum(["GBP", "EUR"]),
  expiresAt: z.string(),
});

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (
  app,
  { db, clock, providers },
) => {
  const open = (method: Extract<PaymentMethod, "klarna" | "clearpay">, path: string, summary: string) =>
    app.post(
      path,
      {
        schema: {
          tags: ["payments"],
          summary,
          body: sessionBodySchema,
          response: {
            200: sessionSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            422: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const now = clock();
        const ctx = { db, now, brand: request.brand, customer: request.customer };
        const found = await checkoutBasket(ctx, request.body.basketToken);
        const state = await loadCheckoutState(
          db,
          { ...found, brand: request.brand, customer: request.customer, buyerKey: null, now },
          { useWallet: request.body.useWallet },
        );
        const choice = checkPaymentChoice(paymentContext(state, request.brand, request.customer !== null), {
          method,
          instrumentType: "NEW",
        });
        if (!choice.ok) throw new ApiError(422, "PAYMENT_METHOD_UNAVAILABLE", choice.reason);
        const provider = providers[choice.option.provider];
        const session = await provider.openSession!({
          basketToken: found.basket.token,
          amountMinor: state.priced.summary.totalOrderAmount,
          currency: request.brand.currency,
        });
        return {
          provider: provider.name as "KLARNA" | "CLEARPAY",
          sessionId: session.sessionId,
          clientToken: session.clientToken,
          amount: session.amountMinor,
          currency: session.currency,
          expiresAt: session.expiresAt.toISOString(),
        };
      },
    );

  open("klarna", "/payment/kn/sessions", "Open a Klarna session for the basket's total");
  open("clearpay", "/payment/cp/checkouts", "Open a Clearpay checkout for the basket's total");
};
