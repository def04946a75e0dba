/**
 * Commerce: baskets, orders and their lines, payments, vouchers, promo codes, wallet credit
 * and the stock a buyer has taken (product.md §3 "Basket", "Order confirmation", "Voucher",
 * "Wallet entry"; design.md "Invariants"). Money is integer minor units with a currency.
 *
 * Every limit that must hold under concurrent checkouts (stock, caps per day and week, a
 * buyer's personal maximum, promo usage, wallet balances) is a counter in a row, moved by one
 * conditional UPDATE or upsert inside the order transaction, never by a read-then-write.
 */

import type { WalletEntrySource } from "@deals/domain/wallet-ledger";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { brands, dealProducts, deals } from "./catalogue.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull();

/** Gift types as the gifting rules name them (product.md §3 "Gift options"). */
export type GiftTypeValue = "none" | "e-gift" | "gift" | "ndd-gpk" | "std-gpk" | "wrapped";

/**
 * One basket line as stored. Item lines are keyed by their product (`id` is the product id
 * as text); gift pack and wrap lines (giftPack / giftWrap) are shared by the items using them.
 */
export interface BasketLineRecord {
  id: string;
  dealId: number;
  dealProductId: number;
  quantity: number;
  gifting?: { type: GiftTypeValue; gift: boolean; giftPackProductId?: number };
  giftPack?: boolean;
  giftWrap?: boolean;
  /** Pay the product's deposit now; the balance is paid to the merchant. */
  payDeposit?: boolean;
  deliveryOptionType?: string | null;
  /** An e-gift is emailed to this address. */
  recipientEmail?: string;
  giftMessage?: string;
  /** Where the shopper came from (search, recently-viewed...): keeps a last-chance deal on sale. */
  sessionPurchaseSource?: string;
  /** A travel stay picked on the booking calendar, held for the line (schema/travel.ts). */
  checkInDate?: string;
  checkOutDate?: string;
  bookingCalendarOnRedemption?: boolean;
}

/** Basket addons (product.md §3 "Basket addon"): VVE the one-year VIP, DVP voucher protection. */
export interface BasketAddonRecord {
  addonType: "VVE" | "DVP" | "EXT";
  productId: number;
  quantity: number;
  /** EXT, the extension of one of the customer's vouchers: which voucher. */
  voucherId?: number;
}

/**
 * A basket is one document the client reads and replaces as a whole (services.md §7.3 PUT),
 * so its lines live in one JSON column and every change is one row update under a row lock.
 */
export const baskets = pgTable(
  "baskets",
  {
    /** The basket token: 32 random url-safe characters. */
    token: text("token").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** The signed-in customer the basket is linked to; only they may see it once set. */
    customerId: integer("customer_id").references(() => users.id),
    customerToken: text("customer_token"),
    eligibleForVip: boolean("eligible_for_vip").notNull().default(false),
    lines: jsonb("lines").$type<BasketLineRecord[]>().notNull().default([]),
    addons: jsonb("addons").$type<BasketAddonRecord[]>().notNull().default([]),
    /** The promo code the customer applied, re-checked on every load and at payment. */
    promoCode: text("promo_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("baskets_customer").on(t.customerId, t.updatedAt.desc())],
);

export const ORDER_STATUSES = ["pending", "paid", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderAddress {
  addressLine1?: string;
  addressLine2?: string;
  town?: string;
  postCode: string;
}

export interface OrderPassenger {
  title: string;
  firstNames: string;
  lastName: string;
  dateOfBirth: string;
  contactPhone: string;
}

/**
 * An order. `buyerKey` names the buyer as every per-buyer counter does ("customer:{id}"), and
 * (buyerKey, idempotencyKey) is unique: a retried or doubled checkout inserts the same key,
 * waits for the first transaction and gets its order back.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /**
     * What the shopper knows the order by: 16 random hexadecimal letters, so it reveals
     * nothing (not how many orders there are, nor a neighbour's). Written by the database.
     */
    reference: text("reference")
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 16))`),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    /** The customer, or the guest account an express checkout made. */
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    buyerKey: text("buyer_key").notNull(),
    email: text("email").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    basketToken: text("basket_token").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    /** Why a failed order failed, in the words the shopper was shown. */
    failureMessage: text("failure_message"),
    currency: text("currency").$type<"GBP" | "EUR">().notNull(),
    itemsMinor: integer("items_minor").notNull(),
    adminFeesMinor: integer("admin_fees_minor").notNull(),
    postageMinor: integer("postage_minor").notNull(),
    giftPacksMinor: integer("gift_packs_minor").notNull(),
    giftWrapMinor: integer("gift_wrap_minor").notNull(),
    vipMembershipMinor: integer("vip_membership_minor").notNull(),
    voucherProtectionMinor: integer("voucher_protection_minor").notNull(),
    /** Fees for extending vouchers' validity (EXT addons). */
    extensionMinor: integer("extension_minor").notNull().default(0),
    discountMinor: integer("discount_minor").notNull(),
    walletMarketingMinor: integer("wallet_marketing_minor").notNull(),
    walletRefundableMinor: integer("wallet_refundable_minor").notNull(),
    /** What the payment method is charged: the full price less discount and wallet credit. */
    totalMinor: integer("total_minor").notNull(),
    promoCode: text("promo_code"),
    paymentMethod: text("payment_method"),
    instrumentType: text("instrument_type"),
    /**
     * The stored card or PayPal account that paid: the one chosen (EXISTING), or the one kept
     * when this payment saved it. A one-click add-on to the order pays with it (order-addon).
     */
    paymentInstrumentId: integer("payment_instrument_id").references(() => paymentInstruments.id, {
      onDelete: "set null",
    }),
    provider: text("provider"),
    cardType: text("card_type"),
    address: jsonb("address").$type<OrderAddress>(),
    passengers: jsonb("passengers").$type<OrderPassenger[]>(),
    /** The request that placed it (the x-request-id of the page or call), to find it in the logs. */
    requestId: text("request_id"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("orders_buyer_idempotency").on(t.buyerKey, t.idempotencyKey),
    uniqueIndex("orders_reference").on(t.reference),
    index("orders_customer").on(t.customerId, t.createdAt.desc()),
    index("orders_status").on(t.status, t.createdAt),
  ],
);

/** One line of an order, priced by the server at the moment of purchase. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The basket line it came from. */
    basketLineId: text("basket_line_id").notNull(),
    /** Null for a gift pack or wrap, which are not deals. */
    dealId: integer("deal_id").references(() => deals.id),
    productId: integer("product_id").references(() => dealProducts.id),
    /** ndd-gpk, std-gpk or wrapped for a gift pack or wrap line. */
    accessory: text("accessory"),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    /** Charged now per unit: the price (VIP price when it applies) or the deposit. */
    unitPriceMinor: integer("unit_price_minor").notNull(),
    adminFeeMinor: integer("admin_fee_minor").notNull(),
    postageMinor: integer("postage_minor").notNull(),
    /** Per unit, paid to the merchant later when a deposit was paid now. */
    balanceToMerchantMinor: integer("balance_to_merchant_minor").notNull().default(0),
    payDeposit: boolean("pay_deposit").notNull().default(false),
    discountMinor: integer("discount_minor").notNull().default(0),
    walletMarketingMinor: integer("wallet_marketing_minor").notNull().default(0),
    totalMinor: integer("total_minor").notNull(),
    giftType: text("gift_type").$type<GiftTypeValue>().notNull().default("none"),
    recipientEmail: text("recipient_email"),
    giftMessage: text("gift_message"),
    /** A travel stay booked by this line (its hold became the booking). */
    checkInDate: date("check_in_date"),
    checkOutDate: date("check_out_date"),
    /** An extension line (accessory EXT): the voucher whose validity it extends. */
    extendsVoucherId: integer("extends_voucher_id"),
  },
  (t) => [index("order_lines_order").on(t.orderId)],
);

export const PAYMENT_STATUSES = [
  "pending",
  "authorised",
  "captured",
  "declined",
  "voided",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Our record of an order's payment; the provider keeps its own, matched by `reference`. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    method: text("method").notNull(),
    /** What the provider knows this payment by: "order-{id}". */
    reference: text("reference").notNull(),
    transactionId: text("transaction_id"),
    status: text("status").$type<PaymentStatus>().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    message: text("message"),
    /** The request that started the payment, as on its order. */
    requestId: text("request_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payments_order").on(t.orderId)],
);

/**
 * The sandbox gateways' own ledger: what a real provider would hold on its side. It is
 * written outside our order transactions, so it survives their rollback or a crash, which
 * is what reconciliation compares our orders against.
 */
export const sandboxTransactions = pgTable(
  "sandbox_transactions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    reference: text("reference").notNull(),
    method: text("method").notNull(),
    status: text("status").$type<"authorised" | "declined" | "captured" | "voided" | "refunded">().notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    cardType: text("card_type"),
    message: text("message"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sandbox_transactions_reference").on(t.provider, t.reference),
    index("sandbox_transactions_status").on(t.status, t.updatedAt),
  ],
);

/** Klarna sessions and Clearpay checkouts: opened for a basket total, then paid once. */
export const sandboxPaymentSessions = pgTable("sandbox_payment_sessions", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  basketToken: text("basket_token").notNull(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
});

/** A customer's stored payment instruments (product.md §3 "Payment instrument"). */
export const paymentInstruments = pgTable(
  "payment_instruments",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    type: text("type").$type<"card" | "paypal">().notNull(),
    gateway: text("gateway").notNull(),
    /** The gateway's vault token; card numbers are never stored. */
    token: text("token").notNull(),
    cardType: text("card_type"),
    last4: text("last4"),
    expiryMonth: integer("expiry_month"),
    expiryYear: integer("expiry_year"),
    payerEmail: text("payer_email"),
    isDefault: boolean("is_default").notNull().default(false),
    allowSubscription: boolean("allow_subscription").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("payment_instruments_customer").on(t.customerId)],
);

/** One voucher per unit bought, with a unique unguessable code (product.md §3 "Voucher"). */
export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => users.id),
    dealId: integer("deal_id")
      .notNull()
      .references(() => deals.id),
    productId: integer("product_id")
      .notNull()
      .references(() => dealProducts.id),
    status: text("status").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
    /** Shop (product) orders: Processing Order, Dispatched or Delivered (product.md §4). */
    fulfilmentStatus: text("fulfilment_status"),
    courier: text("courier"),
    trackingNumber: text("tracking_number"),
    deliveryEstimate: timestamp("delivery_estimate", { withTimezone: true, mode: "date" }),
    showTrackingToCustomer: boolean("show_tracking_to_customer").notNull().default(false),
    /**
     * The order that extends this voucher's validity, set when that order is placed (only one
     * can: a conditional update) and cleared if its payment fails. A voucher is extended once.
     */
    extensionOrderId: integer("extension_order_id"),
  },
  (t) => [
    uniqueIndex("vouchers_code").on(t.code),
    index("vouchers_customer").on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index("vouchers_order").on(t.orderId),
    // The expiry reminders' scan (apps/api vouchers/reminders.ts).
    index("vouchers_expiry").on(t.expiresAt),
  ],
);

/** Units of a product a buyer has bought in all: guards the personal maximum. */
export const buyerProductPurchases = pgTable(
  "buyer_product_purchases",
  {
    buyerKey: text("buyer_key").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => dealProducts.id, { onDelete: "cascade" }),
    bought: integer("bought").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.buyerKey, t.productId] })],
);

/** Promo codes (product.md §5): percentage or fixed, per deal or category, with limits. */
export const promoCodes = pgTable("promo_codes", {
  /** Stored upper case; codes are matched case-insensitively. */
  code: text("code").primaryKey(),
  /** null: valid on every brand. */
  brandId: text("brand_id").references(() => brands.id),
  discountKind: text("discount_kind").$type<"percentage" | "fixed">().notNull(),
  percent: integer("percent"),
  amountMinor: integer("amount_minor"),
  currency: text("currency").$type<"GBP" | "EUR">(),
  startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
  expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
  dealIds: jsonb("deal_ids").$type<number[]>().notNull().default([]),
  categoryIds: jsonb("category_ids").$type<number[]>().notNull().default([]),
  maxUses: integer("max_uses"),
  maxUsesPerCustomer: integer("max_uses_per_customer"),
  newCustomersOnly: boolean("new_customers_only").notNull().default(false),
  /** Uses by paid or pending orders; moved only by a conditional update. */
  timesUsed: integer("times_used").notNull().default(0),
});

/** Uses of a promo code per buyer, guarded the same way as the global count. */
export const promoCodeBuyerUses = pgTable(
  "promo_code_buyer_uses",
  {
    code: text("code")
      .notNull()
      .references(() => promoCodes.code, { onDelete: "cascade" }),
    buyerKey: text("buyer_key").notNull(),
    uses: integer("uses").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.buyerKey] })],
);

export type WalletCreditKind = "marketing" | "refundable";

/**
 * The wallet ledger: every credit and debit, signed, per customer and currency, with where it
 * came from (`source`, @deals/domain/wallet-ledger). A marketing credit carries the moment it
 * expires; the expiry job stamps `expiredAt` once it has taken what was left of it.
 */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    kind: text("kind").$type<WalletCreditKind>().notNull(),
    source: text("source").$type<WalletEntrySource>().notNull().default("promotion"),
    amountMinor: integer("amount_minor").notNull(),
    description: text("description").notNull(),
    orderId: integer("order_id").references(() => orders.id),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    expiredAt: timestamp("expired_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("wallet_entries_customer").on(t.customerId, t.currency),
    index("wallet_entries_history").on(t.customerId, t.createdAt.desc(), t.id.desc()),
    index("wallet_entries_expiring")
      .on(t.expiresAt)
      .where(sql`${t.expiredAt} is null and ${t.expiresAt} is not null`),
  ],
);

/**
 * The ledger's running balances, one row per customer and currency. A debit is a conditional
 * update (`... WHERE marketing_minor >= $n`), so two checkouts can never spend the same credit.
 */
export const walletBalances = pgTable(
  "wallet_balances",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => users.id),
    currency: text("currency").notNull(),
    marketingMinor: integer("marketing_minor").notNull().default(0),
    refundableMinor: integer("refundable_minor").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.currency] })],
);

/**
 * Gift cards redeemed (product.md §1 "gift-card ... redemption"): one row per gift-card
 * voucher, so its primary key makes each code redeem once, whatever two tabs do at once.
 */
export const giftCardRedemptions = pgTable("gift_card_redemptions", {
  voucherId: integer("voucher_id")
    .primaryKey()
    .references(() => vouchers.id, { onDelete: "cascade" }),
  customerId: integer("customer_id")
    .notNull()
    .references(() => users.id),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true, mode: "date" }).notNull(),
});

/**
 * E-gifts (product.md §2 "gift claim", page type claim-gift): one per voucher bought as an
 * e-gift. The recipient is emailed a claim link with an unguessable code and claims the
 * voucher into their own account; the buyer sees when it was claimed.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message"),
    claimCode: text("claim_code").notNull(),
    claimedBy: integer("claimed_by").references(() => users.id),
    claimedAt: timestamp("claimed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gifts_voucher").on(t.voucherId),
    uniqueIndex("gifts_claim_code").on(t.claimCode),
    index("gifts_sender").on(t.senderId, t.createdAt.desc()),
  ],
);
