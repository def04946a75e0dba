/** GET /v1/voucher: the signed-in customer's vouchers (product.md §3 "Voucher"). */
import { VOUCHER_PAGE_SIZES } from "@deals/domain/constants";
import { VOUCHER_STATUSES } from "@deals/domain/voucher";
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
});
export type VoucherQuery = z.infer<typeof voucherQuerySchema>;

export const voucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(VOUCHER_STATUSES),
  statusNote: z.string().nullable(),
  orderNumber: z.number().int(),
  dealId: z.number().int(),
  productId: z.number().int(),
  title: z.string(),
  dealHeadline: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

export const voucherListSchema = z.object({
  vouchers: z.array(voucherSchema),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type VoucherList = z.infer<typeof voucherListSchema>;
