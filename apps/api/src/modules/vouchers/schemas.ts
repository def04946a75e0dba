/** The /v1/voucher family (product.md §3 "Voucher", §4 "Voucher statuses", §5 refund rules). */
import { VOUCHER_PAGE_SIZES } from "@deals/domain/constants";
import {
  FULFILMENT_STATUSES,
  PROTECTED_VOUCHER_BANNERS,
  VOUCHER_STATUSES,
  type VoucherStatus,
} from "@deals/domain/voucher";
import { REFUND_DESTINATIONS } from "@deals/domain/voucher-refund";
import { z } from "zod";

export const voucherQuerySchema = z.object({
  page: z.coerce.number().int().min(0, { error: "page must be 0 or more" }).max(10_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (VOUCHER_PAGE_SIZES as readonly number[]).includes(size), {
      error: `pageSize must be ${VOUCHER_PAGE_SIZES.join(" or ")}`,
    })
    .default(VOUCHER_PAGE_SIZES[0]),
  /** Only vouchers in this status. */
  status: z.enum(VOUCHER_STATUSES, { error: "status must be one of the voucher statuses" }).optional(),
});
export type VoucherQuery = z.infer<typeof voucherQuerySchema>;

export const voucherParamsSchema = z.object({
  id: z.coerce.number({ error: "id must be a number" }).int().positive().max(2_147_483_647),
});

const timelineStepSchema = z.object({
  status: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});

export const voucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(VOUCHER_STATUSES),
  statusNote: z.string().nullable(),
  /** What the shopper knows the order by; never the order's row id. */
  orderReference: z.string(),
  dealId: z.number().int(),
  productId: z.number().int(),
  /** The product bought (the option of the deal). */
  title: z.string(),
  dealHeadline: z.string(),
  merchantName: z.string(),
  currency: z.enum(["GBP", "EUR"]),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Bought with voucher protection; its banner (none while a refund or return is under way). */
  protected: z.boolean(),
  banner: z.enum(PROTECTED_VOUCHER_BANNERS).nullable(),
  /** Shop (product) orders only. */
  fulfilment: z
    .object({
      status: z.enum(FULFILMENT_STATUSES),
      courier: z.string().nullable(),
      deliveryEstimate: z.string().nullable(),
      /** Only when the merchant lets the customer see it (showTrackingToCustomer). */
      trackingNumber: z.string().nullable(),
    })
    .nullable(),
  /** A deposit order: the balance still due to the merchant (minor units, per voucher). */
  deposit: z.object({ balanceDue: z.number().int() }).nullable(),
  /** Every status it reached after it was ordered, oldest first. */
  timeline: z.array(timelineStepSchema),
  canMarkUsed: z.boolean(),
  /** A shop item that can be sent back (create-return-order). */
  canReturn: z.boolean(),
  /** Its validity can be extended for a fee now (GET /v1/voucher-extension). */
  canExtend: z.boolean(),
  /** Whether a self-serve refund is open, and if not, why. */
  refund: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherListSchema = z.object({
  vouchers: z.array(voucherSchema),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  status: z.enum(VOUCHER_STATUSES).nullable(),
});
export type VoucherList = z.infer<typeof voucherListSchema>;

const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  town: z.string(),
  postCode: z.string(),
});

/** A voucher as printed: what the merchant and the shopper need to use it. */
export const printableVoucherSchema = voucherSchema.extend({
  dealTitle: z.string(),
  merchantWebsite: z.string().nullable(),
  addresses: z.array(addressSchema),
  redemptionInstructions: z.array(z.string()),
  finePrint: z.array(z.string()),
  /** The code as a QR code, an SVG drawing for the printable page. */
  qrSvg: z.string(),
});
export type PrintableVoucher = z.infer<typeof printableVoucherSchema>;

export const markUsedBodySchema = z.object({
  /** The shopper confirms they used the voucher with the merchant. */
  confirmed: z.boolean().default(false),
});

export const refundBodySchema = z.object({
  reason: z.string().max(200).optional(),
  destination: z.enum(REFUND_DESTINATIONS).optional(),
  /** The shopper confirms the code was not redeemed with the merchant (product.md §5). */
  confirmed: z.boolean().default(false),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

export const refundResultSchema = z.object({
  voucher: voucherSchema,
  refund: z.object({
    destination: z.enum(REFUND_DESTINATIONS),
    currency: z.enum(["GBP", "EUR"]),
    /** Back to the wallet as refundable credit. */
    walletAmount: z.number().int(),
    /** Back to the original payment method. */
    originalAmount: z.number().int(),
    reason: z.string(),
  }),
});
export type RefundResult = z.infer<typeof refundResultSchema>;

export type { VoucherStatus };

/** POST /v1/create-return-order: return a shop item (services.md §7.7). */
export const returnOrderBodySchema = z.object({
  voucherId: z.number().int().positive().max(2_147_483_647),
  reason: z.string().max(200).optional(),
});
