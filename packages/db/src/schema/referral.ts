/**
 * Refer a friend (product.md §4 "Referral"): each customer's personal code, and one row per
 * friend a customer referred, from the email invitation or the sign-up through their link to
 * the credit. A friend joins through one referrer only (unique friend_id); a referral moves
 * between statuses only by conditional updates, so it is credited or cancelled once, whatever
 * the number of processes running the credit job.
 */

import type { ReferralStatus } from "@deals/domain/referral";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { orders } from "./commerce.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const referralCodes = pgTable("referral_codes", {
  customerId: integer("customer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique("referral_codes_code"),
  /** How often the link was opened, and shared by copy or the device's share sheet. */
  linkOpens: integer("link_opens").notNull().default(0),
  shares: integer("shares").notNull().default(0),
  createdAt: moment("created_at").notNull(),
});

export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The friend's account once they joined through the link. */
    friendId: integer("friend_id").references(() => users.id, { onDelete: "cascade" }),
    /** The friend's email address lower-cased: one row per friend and referrer. */
    friendEmailKey: text("friend_email_key").notNull(),
    /** What the referrer sees of the friend: their first name once joined, else the address invited. */
    friendName: text("friend_name").notNull(),
    status: text("status").$type<ReferralStatus>().notNull(),
    invitedAt: moment("invited_at"),
    joinedAt: moment("joined_at"),
    /** The friend's first paid order, which made the referral pending. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    friendPaidAt: moment("friend_paid_at"),
    creditDueAt: moment("credit_due_at"),
    /** What the referrer's wallet was credited, in minor units of `currency`. */
    creditMinor: integer("credit_minor"),
    currency: text("currency"),
    creditedAt: moment("credited_at"),
    cancelledAt: moment("cancelled_at"),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("referrals_referrer_friend").on(t.referrerId, t.friendEmailKey),
    uniqueIndex("referrals_friend").on(t.friendId),
    index("referrals_referrer").on(t.referrerId, t.createdAt.desc()),
    index("referrals_credit_due").on(t.creditDueAt).where(sql`${t.status} = 'pending'`),
    index("referrals_joined").on(t.friendId).where(sql`${t.status} = 'joined'`),
  ],
);
