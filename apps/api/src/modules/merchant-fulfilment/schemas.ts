import { FULFILMENT_STATUSES, VOUCHER_STATUSES } from "@deals/domain/voucher";
import { z } from "zod";

/** A voucher by its id, or by its code (K7XM-P3QR-9TWD), which is on the voucher the shopper holds. */
export type MerchantVoucherRef = { id: number } | { code: string };

export const merchantVoucherParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([1-9]\d{0,9}|[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4})$/, "Give the voucher's id or its code")
    .transform((v): MerchantVoucherRef => (v.includes("-") ? { code: v } : { id: Number(v) })),
});

export const dispatchBodySchema = z.object({
  courier: z.string().trim().min(1, "Give the courier").max(100),
  trackingNumber: z.string().trim().min(1, "Give the tracking number").max(100),
  deliveryEstimate: z.iso.datetime({ offset: true }).optional(),
  /** Whether the shopper sees the tracking number (product.md §4 "Dispatched"). */
  showTrackingToCustomer: z.boolean().default(false),
});
export type DispatchBody = z.infer<typeof dispatchBodySchema>;

/** A shop item as its merchant sees it: no shopper's personal details. */
export const merchantVoucherSchema = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(VOUCHER_STATUSES),
  fulfilment: z.object({
    status: z.enum(FULFILMENT_STATUSES),
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    deliveryEstimate: z.string().nullable(),
    showTrackingToCustomer: z.boolean(),
  }),
});
export type MerchantVoucher = z.infer<typeof merchantVoucherSchema>;
