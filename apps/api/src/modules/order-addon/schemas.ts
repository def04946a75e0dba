/** GET and POST /v1/order-addon (product.md "second-checkout benefits and deals upsell"). */
import { z } from "zod";
import { dealSummarySchema } from "../deals/schemas.ts";
import { orderConfirmationSchema } from "../orders/schemas.ts";

const reference = z
  .string({ error: "order is required" })
  .trim()
  .min(1, { error: "order is required" })
  .max(64);
const id = z.coerce.number({ error: "must be a number" }).int().positive().max(2_147_483_647);

export const orderAddonQuerySchema = z.object({
  /** The order's reference (productOrder.reference). */
  order: reference,
});

export const orderAddonOffersSchema = z.object({
  order: z.object({ reference: z.string() }),
  /** The order's stored card or PayPal account, which pays for a deal in one click; null: through checkout. */
  instrument: z
    .object({
      id: z.number().int(),
      type: z.enum(["card", "paypal"]),
      cardType: z.string().nullable(),
      last4: z.string().nullable(),
      payerEmail: z.string().nullable(),
    })
    .nullable(),
  /** Why the order's own instrument cannot pay again, when it cannot (the deal goes through checkout). */
  instrumentUnavailable: z.string().nullable(),
  /** Deals that go with the order, each with the product one click buys. */
  deals: z.array(dealSummarySchema.extend({ productId: z.number().int() })),
});
export type OrderAddonOffers = z.infer<typeof orderAddonOffersSchema>;

export const orderAddonBodySchema = z.object({
  order: reference,
  dealId: id,
  productId: id,
});
export type OrderAddonBody = z.infer<typeof orderAddonBodySchema>;

export const orderAddonResultSchema = z.discriminatedUnion("status", [
  /** Paid with the stored instrument: the new order's confirmation. */
  z.object({ status: z.literal("paid"), confirmation: orderConfirmationSchema }),
  /** The order's instrument cannot pay again: the deal is in the basket, to pay at checkout. */
  z.object({ status: z.literal("checkout"), basketToken: z.string() }),
]);
export type OrderAddonResult = z.infer<typeof orderAddonResultSchema>;
