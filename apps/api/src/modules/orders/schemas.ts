/**
 * Placing an order (POST /v1/checkout/{basketToken}) and the order confirmation (product.md §3
 * "Order confirmation": productOrder.id, currency, cardType, walletAmountUsed, quantity).
 * Card fields are checked by the card rules, so each gets the rule's own message.
 */
import { INSTRUMENT_TYPES, PAYMENT_METHODS } from "@deals/domain/payment";
import { VOUCHER_STATUSES } from "@deals/domain/voucher";
import { z } from "zod";
import { errorResponseSchema } from "../../errors.ts";
import { orderSummarySchema } from "../checkout/schemas.ts";

const text = (max: number) => z.string().max(max);

export const paymentInputSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  instrumentType: z.enum(INSTRUMENT_TYPES).default("NEW"),
  /** The stored instrument's id, for EXISTING. */
  instrumentId: text(20).optional(),
  /** credit_card, NEW. */
  card: z
    .object({ number: text(40).optional(), expiry: text(10).optional(), securityCode: text(10).optional() })
    .optional(),
  /** paypal, NEW: the PayPal account; credit for PayPal Credit. */
  paypal: z.object({ payerEmail: text(254), credit: z.boolean().default(false) }).optional(),
  /** google_pay or apple_pay: the device wallet's token. */
  walletToken: text(500).optional(),
  /** klarna or clearpay: the session opened for this basket. */
  sessionId: text(100).optional(),
  /** Keep this card or PayPal account for next time. */
  saveInstrument: z.boolean().default(false),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const addressInputSchema = z.object({
  addressLine1: text(200).optional(),
  addressLine2: text(200).optional(),
  town: text(100).optional(),
  postCode: text(20).optional(),
});

const dobPart = z.union([z.string().max(4), z.number().int()]);

export const passengerInputSchema = z.object({
  title: text(10).optional(),
  firstNames: text(100).optional(),
  lastName: text(100).optional(),
  dateOfBirth: z.object({ day: dobPart, month: dobPart, year: dobPart }).optional(),
  contactPhone: text(30).optional(),
});

export const placeOrderBodySchema = z.object({
  /** A guest at an express checkout: the token from POST /v1/express-buy-token. */
  expressBuyToken: text(200).optional(),
  /** Spend wallet credit. */
  useWallet: z.boolean().default(false),
  address: addressInputSchema.optional(),
  passengers: z.array(passengerInputSchema).max(8).optional(),
  /** Absent only when wallet credit covers the whole order. */
  payment: paymentInputSchema.optional(),
  /** The total the shopper was shown; a different server total refuses the order. */
  expectedTotal: z.number().int().optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const placeOrderHeadersSchema = z.object({
  "idempotency-key": z
    .string({ error: "The idempotency-key header is required." })
    .min(8, { error: "The idempotency-key header must be 8 to 100 characters." })
    .max(100, { error: "The idempotency-key header must be 8 to 100 characters." }),
});

/** What the shopper sees while and after paying (product.md §4 "Payment"). */
export const PAYMENT_STATES = ["making payment", "successful", "failed"] as const;

export const orderConfirmationSchema = z.object({
  /** id: the order's number in the API; reference: what the shopper is shown (reveals nothing). */
  productOrder: z.object({ id: z.number().int(), reference: z.string() }),
  status: z.enum(["pending", "paid", "failed"]),
  payment: z.enum(PAYMENT_STATES),
  message: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  cardType: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  walletAmountUsed: z.number().int(),
  /** Units of deal products bought. */
  quantity: z.number().int(),
  orderSummary: orderSummarySchema,
  lines: z.array(
    z.object({
      title: z.string(),
      dealId: z.number().int().nullable(),
      productId: z.number().int().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number().int(),
      total: z.number().int(),
      balanceToMerchant: z.number().int(),
    }),
  ),
  vouchers: z.array(
    z.object({
      code: z.string(),
      /** What it is for: the product bought, named with its deal (or merchant). */
      title: z.string(),
      status: z.enum(VOUCHER_STATUSES),
      dealId: z.number().int(),
      productId: z.number().int(),
      expiresAt: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type OrderConfirmation = z.infer<typeof orderConfirmationSchema>;

/**
 * A guest's order, read back with the basket token and the idempotency key it was placed under:
 * the confirmation, and the address its vouchers and the account's activation link went to.
 */
export const guestOrderSchema = orderConfirmationSchema.extend({ email: z.string() });
export type GuestOrder = z.infer<typeof guestOrderSchema>;

/** 409 when the basket, the total or the wallet changed under the shopper; removedItems: the lines taken out and why. */
export const basketChangedSchema = errorResponseSchema.extend({
  removedItems: z
    .array(
      z.object({
        id: z.string(),
        dealId: z.number().int(),
        productId: z.number().int(),
        message: z.string(),
      }),
    )
    .optional(),
});

/** What the shopper knows an order by (productOrder.reference). */
export const orderReferenceParamsSchema = z.object({
  reference: z
    .string()
    .regex(/^[0-9A-Fa-f]{16}$/, { error: "reference must be an order reference: 16 letters and digits" }),
});

export const orderParamsSchema = z.object({
  id: z.coerce.number({ error: "id must be a number" }).int().positive().max(2_147_483_647),
});
