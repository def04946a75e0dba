/**
 * VIP membership (product.md §1, §4 "Subscription state", §6 "VIP member"): one row per
 * customer who has been a member, and every payment for a year of it. users.vip_user and
 * users.vip_membership_expires_at stay the fast answer to "is this customer VIP now" (the
 * checkout reads them); these rows say how the membership goes on.
 *
 * A payment's unique keys are the guarantee that money moves once: one per customer and
 * idempotency key (a subscribe retried), one per customer and period start unless declined (a
 * renewal run by two processes, or again after a restart).
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const vipMemberships = pgTable(
  "vip_memberships",
  {
    customerId: integer("customer_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    plan: text("plan").$type<"trial" | "paid">().notNull(),
    startedAt: moment("started_at").notNull(),
    endsAt: moment("ends_at").notNull(),
    renews: boolean("renews").notNull().default(false),
    cancelledAt: moment("cancelled_at"),
    trialStartedAt: moment("trial_started_at"),
    /** VIP-SUB-FREE-TRIAL or VIP-SUB-PAID-FLOW: the way the customer joined. */
    optInType: text("opt_in_type").notNull(),
    /** The payment provider's vault token a renewal is charged to (never shown to anyone). */
    renewalToken: text("renewal_token"),
    reminderSentFor: moment("reminder_sent_for"),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [index("vip_memberships_ends_at").on(t.endsAt)],
);

export const vipPayments = pgTable(
  "vip_payments",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    kind: text("kind").$type<"subscription" | "renewal">().notNull(),
    /** The subscriber's idempotency key; renewals have none. */
    idempotencyKey: text("idempotency_key"),
    periodStartsAt: moment("period_starts_at").notNull(),
    periodEndsAt: moment("period_ends_at").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").$type<"GBP" | "EUR">().notNull(),
    status: text("status").$type<"pending" | "captured" | "declined">().notNull(),
    transactionId: text("transaction_id"),
    cardType: text("card_type"),
    message: text("message"),
    createdAt: moment("created_at").notNull(),
    updatedAt: moment("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vip_payments_customer_key").on(t.customerId, t.idempotencyKey),
    // A declined payment leaves the period free for the next try.
    uniqueIndex("vip_payments_customer_period")
      .on(t.customerId, t.periodStartsAt)
      .where(sql`${t.status} <> 'declined'`),
    index("vip_payments_pending").on(t.status, t.createdAt),
  ],
);
