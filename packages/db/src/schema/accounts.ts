/**
 * Accounts: customers, their sessions, the single-use tokens emailed to them, deal-email
 * subscriptions, the email outbox and the postcode address table (product.md §3 "User",
 * "Address"). Secrets are never stored as given: passwords as argon2id hashes, session ids and
 * emailed tokens as SHA-256 hashes.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
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
import { type Address, brands } from "./catalogue.ts";

const moment = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * guest: created by an express buy, no password yet (activates later by email);
 * pending: registered, waiting for the activation link; active; deleting: deletion requested,
 * finished by the deletion job; deleted: personal data anonymised, the row kept for orders.
 */
export const USER_STATUSES = ["guest", "pending", "active", "deleting", "deleted"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export interface EmailPreferences {
  /** The daily deals email for the subscribed locations. */
  dailyDeals: boolean;
  /** Offers for VIP members. */
  vipNews: boolean;
  /** Offers from partner businesses. */
  partnerOffers: boolean;
}

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Each brand site has its own customers. */
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    email: text("email").notNull(),
    /** The email lower-cased: one account per address per brand, whatever its case. */
    emailKey: text("email_key").notNull(),
    passwordHash: text("password_hash"),
    title: text("title"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    address: jsonb("address").$type<Address>(),
    customerToken: text("customer_token").notNull(),
    /** The Google account's subject id once the customer signed in with Google. */
    googleSubject: text("google_subject"),
    vipUser: boolean("vip_user").notNull().default(false),
    vipMembershipExpiresAt: moment("vip_membership_expires_at"),
    /** VIP-SUB-FREE-TRIAL or VIP-SUB-PAID-FLOW when registered through a VIP flow. */
    vipOptInType: text("vip_opt_in_type"),
    emailPreferences: jsonb("email_preferences")
      .$type<EmailPreferences>()
      .notNull()
      .default({ dailyDeals: true, vipNews: true, partnerOffers: false }),
    status: text("status").$type<UserStatus>().notNull(),
    createdAt: moment("created_at").notNull(),
    activatedAt: moment("activated_at"),
    deletionRequestedAt: moment("deletion_requested_at"),
    deletedAt: moment("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_brand_email").on(t.brandId, t.emailKey),
    uniqueIndex("users_customer_token").on(t.customerToken),
    uniqueIndex("users_brand_google_subject").on(t.brandId, t.googleSubject),
    index("users_deletion_due").on(t.deletionRequestedAt).where(sql`${t.status} = 'deleting'`),
  ],
);

/**
 * Failed logins per email address, whether or not an account has it, so a lockout looks the
 * same for every address (no user enumeration). A successful login or a password reset
 * removes the row.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    brandId: text("brand_id").notNull(),
    emailKey: text("email_key").notNull(),
    failures: integer("failures").notNull(),
    lastFailureAt: moment("last_failure_at").notNull(),
    lockedUntil: moment("locked_until"),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.emailKey] })],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session id in the `sid` cookie; the id itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    brandId: text("brand_id").notNull(),
    rememberMe: boolean("remember_me").notNull(),
    createdAt: moment("created_at").notNull(),
    expiresAt: moment("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expires").on(t.expiresAt)],
);

export const AUTH_TOKEN_PURPOSES = ["activation", "password-reset", "express-buy"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/** Emailed or handed-out tokens: single use, expiring, stored only as a hash. */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<AuthTokenPurpose>().notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: moment("created_at").notNull(),
    expiresAt: moment("expires_at").notNull(),
    usedAt: moment("used_at"),
  },
  (t) => [uniqueIndex("auth_tokens_hash").on(t.tokenHash), index("auth_tokens_user").on(t.userId, t.purpose)],
);

/** Daily deal emails for a location (services.md §7.7 "/v1/subscription"). */
export const emailSubscriptions = pgTable(
  "email_subscriptions",
  {
    id: serial("id").primaryKey(),
    brandId: text("brand_id")
      .notNull()
      .references(() => brands.id),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    locationShortName: text("location_short_name").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 of the token in the emailed unsubscribe link. */
    unsubscribeTokenHash: text("unsubscribe_token_hash").notNull(),
    createdAt: moment("created_at").notNull(),
    cancelledAt: moment("cancelled_at"),
  },
  (t) => [
    uniqueIndex("email_subscriptions_brand_email_location").on(t.brandId, t.emailKey, t.locationShortName),
    uniqueIndex("email_subscriptions_unsubscribe_token").on(t.unsubscribeTokenHash),
    index("email_subscriptions_user").on(t.userId),
  ],
);

/** Every email the product sends is written here first (design.md "Email goes through an outbox"). */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: serial("id").primaryKey(),
    brandId: text("brand_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: moment("created_at").notNull(),
    sentAt: moment("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("outbox_emails_unsent").on(t.createdAt).where(sql`${t.sentAt} is null`),
    index("outbox_emails_user").on(t.userId),
  ],
);

/** The local address table behind the postcode and Eircode lookup (services.md §7.7 "/address/postcode"). */
export const postcodeAddresses = pgTable(
  "postcode_addresses",
  {
    id: serial("id").primaryKey(),
    countryCode: text("country_code").notNull(),
    /** In its standard written form: "SW1A 1AA", "D02 AF30". */
    postCode: text("post_code").notNull(),
    addressLine1: text("address_line_1").notNull(),
    addressLine2: text("address_line_2"),
    town: text("town").notNull(),
    lat: doublePrecision("lat").notNull(),
    lon: doublePrecision("lon").notNull(),
  },
  (t) => [index("postcode_addresses_lookup").on(t.countryCode, t.postCode)],
);
