/** The wallet's answers (services.md §7.4 /v1/user/wallet; product.md §3 "Wallet entry"). */
import { WALLET_ENTRY_SOURCES } from "@deals/domain/wallet-ledger";
import { z } from "zod";

const minor = z.number().int();

export const walletHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(0, { error: "page must be 0 or more" }).max(10_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(50, { error: "pageSize must be 50 or less" }).default(20),
});

export const walletHistorySchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      currency: z.string(),
      kind: z.enum(["marketing", "refundable"]),
      source: z.enum(WALLET_ENTRY_SOURCES),
      /** What the source is called, e.g. "Spent at checkout". */
      label: z.string(),
      description: z.string(),
      /** Signed minor units: credit in is positive, credit spent or expired negative. */
      amount: minor,
      orderId: z.number().int().nullable(),
      createdAt: z.string(),
      /** When a marketing credit expires (or expired); null for refundable credit and debits. */
      expiresAt: z.string().nullable(),
      expired: z.boolean(),
    }),
  ),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type WalletHistory = z.infer<typeof walletHistorySchema>;
