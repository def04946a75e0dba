/**
 * After purchase (product.md §4 "Voucher statuses", §5 refund and extension rules): each
 * voucher's status history (its timeline), self-serve refunds, expiry reminders already
 * sent, and the sandbox gateway's record of refunds.
 *
 * Each refund is guarded where money moves: the voucher leaves "Ready to Redeem" by one
 * conditional update, a voucher has at most one refund (unique voucher_id), and a repeated
 * request names its earlier refund by (customer, idempotency key).
 */
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { orders, vouchers } from "./commerce.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One status a voucher reached, and when: the steps of its timeline after "Ordered". */
export const voucherEvents = pgTable(
  "voucher_events",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    /** What the shopper is told beside it: the refund's destination, the new expiry... */
    note: text("note"),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("voucher_events_voucher").on(t.voucherId, t.createdAt)],
);

export type RefundDestination = "wallet" | "original";

export const voucherRefunds = pgTable(
  "voucher_refunds",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    idempotencyKey: text("idempotency_key").notNull(),
    reason: text("reason").notNull(),
    destination: text("destination").$type<RefundDestination>().notNull(),
    currency: text("currency").notNull(),
    /** Back to the wallet as refundable credit (all of it for "wallet"; what wallet credit paid otherwise). */
    walletMinor: integer("wallet_minor").notNull(),
    /** Back to the card or account the order was paid with, through the payment provider. */
    originalMinor: integer("original_minor").notNull(),
    /** pending until the provider has recorded the refund to the original payment method. */
    status: text("status").$type<"pending" | "completed">().notNull(),
    providerRefundId: text("provider_refund_id"),
    createdAt: at("created_at").notNull(),
    completedAt: at("completed_at"),
  },
  (t) => [
    uniqueIndex("voucher_refunds_voucher").on(t.voucherId),
    uniqueIndex("voucher_refunds_idempotency").on(t.customerId, t.idempotencyKey),
    index("voucher_refunds_order").on(t.orderId),
  ],
);

/** Expiry reminders sent: one row per voucher and reminder, so none is ever sent twice. */
export const voucherReminders = pgTable(
  "voucher_reminders",
  {
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.daysBefore] })],
);

/** The sandbox gateways' refunds of captured transactions, one per reference. */
export const sandboxRefunds = pgTable(
  "sandbox_refunds",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    transactionId: text("transaction_id").notNull(),
    reference: text("reference").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("sandbox_refunds_reference").on(t.provider, t.reference),
    index("sandbox_refunds_transaction").on(t.transactionId),
  ],
);
