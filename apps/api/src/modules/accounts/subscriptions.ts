/**
 * Daily deal emails per location (services.md §7.7 "/v1/subscription", "/v1/subscription/cancel")
 * and the account's email preferences. Anyone may subscribe an address; the unsubscribe link
 * in the confirmation email cancels without signing in; the account pages list and cancel the
 * customer's own subscriptions.
 */
import { notFound } from "../../errors.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { subscriptionEmail } from "../email/templates.ts";
import { findLocation } from "../locations/queries.ts";
import { locationNotFound } from "../locations/service.ts";
import type { Customer } from "./auth.ts";
import type { AccountsContext } from "./context.ts";
import {
  cancelOwnSubscription,
  cancelSubscriptionByToken,
  findUserByEmail,
  listActiveSubscriptions,
  updateUser,
  upsertSubscription,
} from "./queries.ts";
import type { EmailPreferencesView, Message, Subscription, SubscriptionList } from "./schemas.ts";
import { randomSecret, secretHash } from "./secrets.ts";

const subscriptionNotFound = () => notFound("SUBSCRIPTION_NOT_FOUND", "There is no such subscription.");

export async function subscribe(
  ctx: AccountsContext,
  email: string,
  locationShortName: string,
): Promise<Subscription> {
  const { db, brand, now } = ctx;
  const location = await findLocation(db, brand.id, locationShortName);
  if (!location) throw locationNotFound();
  const user = await findUserByEmail(db, brand.id, email);
  const token = randomSecret();
  const row = await db.transaction(async (tx) => {
    const saved = await upsertSubscription(tx, {
      brandId: brand.id,
      email,
      locationShortName: location.shortName,
      userId: user && user.status !== "deleting" && user.status !== "deleted" ? user.id : null,
      unsubscribeTokenHash: secretHash(token),
      now,
    });
    await enqueueEmail(tx, {
      ...subscriptionEmail(brand, location.name, ctx.links.unsubscribe(token)),
      to: saved.email,
      brandId: brand.id,
      ...(saved.userId === null ? {} : { userId: saved.userId }),
      createdAt: now,
    });
    return saved;
  });
  return {
    id: row.id,
    email: row.email,
    location: { shortName: location.shortName, name: location.name },
    subscribedAt: row.createdAt.toISOString(),
  };
}

/** The emailed unsubscribe link: works without signing in, and again if followed twice. */
export async function unsubscribeByToken(ctx: AccountsContext, token: string): Promise<Message> {
  const row = await cancelSubscriptionByToken(ctx.db, secretHash(token), ctx.now);
  if (!row || row.brandId !== ctx.brand.id) {
    throw notFound("SUBSCRIPTION_NOT_FOUND", "This unsubscribe link is not valid.");
  }
  const location = await findLocation(ctx.db, ctx.brand.id, row.locationShortName);
  return {
    message: `You have been unsubscribed from the daily deals email for ${location?.name ?? row.locationShortName}.`,
  };
}

export async function listSubscriptions(ctx: AccountsContext, customer: Customer): Promise<SubscriptionList> {
  const rows = await listActiveSubscriptions(ctx.db, ctx.brand.id, customer.email);
  const user = await findUserByEmail(ctx.db, ctx.brand.id, customer.email);
  return {
    subscriptions: rows.map((row) => ({
      id: row.id,
      email: row.email,
      location: { shortName: row.locationShortName, name: row.locationName },
      subscribedAt: row.createdAt.toISOString(),
    })),
    emailPreferences: user!.emailPreferences,
  };
}

/** Another customer's subscription id answers exactly like one that does not exist. */
export async function cancelSubscription(
  ctx: AccountsContext,
  customer: Customer,
  id: number,
): Promise<Message> {
  const row = await cancelOwnSubscription(ctx.db, ctx.brand.id, customer.email, id, ctx.now);
  if (!row) throw subscriptionNotFound();
  return { message: "You have been unsubscribed." };
}

export async function updateEmailPreferences(
  ctx: AccountsContext,
  customer: Customer,
  preferences: EmailPreferencesView,
): Promise<EmailPreferencesView> {
  const user = await updateUser(ctx.db, customer.id, { emailPreferences: preferences });
  return user.emailPreferences;
}
