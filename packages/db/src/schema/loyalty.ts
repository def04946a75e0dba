/**
 * The loyalty club (product.md §3 "Loyalty", services.md §7.6): per customer, lifetime points
 * (which set the level) and current points (which can be exchanged), moved only by conditional
 * updates; and the activity ledger behind them, whose unique keys make each earning happen
 * once: one purchase entry per order, one view or share per deal and day, one exchange per
 * idempotency key.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { deals } from "./catalogue.ts";
import { orders } from "./commerce.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const loyaltyAccounts = pgTable(
  "loyalty_accounts",
  {
    customerId: integer("customer_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lifetimePoints: integer("lifetime_points").notNull().default(0),
    currentPoints: integer("current_points").notNull().default(0),
    /** The day (YYYY-MM-DD, deal time zone) of eventPoints: view and share points are capped per day. */
    eventDay: text("event_day"),
    eventPoints: integer("event_points").notNull().default(0),
  },
  (t) => [check("loyalty_accounts_current_points", sql`${t.currentPoints} >= 0`)],
);

export const LOYALTY_ACTIVITY_KINDS = ["purchase", "view-deal", "share-deal", "exchange"] as const;
export type LoyaltyActivityKind = (typeof LOYALTY_ACTIVITY_KINDS)[number];

export const loyaltyActivities = pgTable(
  "loyalty_activities",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<LoyaltyActivityKind>().notNull(),
    /** Earned (positive) or exchanged (negative). */
    points: integer("points").notNull(),
    description: text("description").notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    dealId: integer("deal_id").references(() => deals.id, { onDelete: "set null" }),
    day: text("day"),
    idempotencyKey: text("idempotency_key"),
    /** An exchange: the wallet credit it gave, in minor units of the brand's currency. */
    creditMinor: integer("credit_minor"),
    createdAt: moment("created_at").notNull(),
  },
  (t) => [
    index("loyalty_activities_customer").on(t.customerId, t.createdAt.desc()),
    uniqueIndex("loyalty_activities_purchase").on(t.orderId).where(sql`${t.kind} = 'purchase'`),
    uniqueIndex("loyalty_activities_event")
      .on(t.customerId, t.kind, t.dealId, t.day)
      .where(sql`${t.kind} in ('view-deal', 'share-deal')`),
    uniqueIndex("loyalty_activities_exchange")
      .on(t.customerId, t.idempotencyKey)
      .where(sql`${t.kind} = 'exchange'`),
  ],
);
