/**
 * Refer a friend (product.md §4 "Referral", §6; services.md §7.2 "/raf/status"): the
 * customer's code and link, invitations by email, a friend joining through the link, and the
 * status with its stats. Rules and numbers live in the domain (referral.ts); the credit itself
 * is given by the job (credit.ts).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { REFERRAL_CREDIT_UP_TO_MINOR, REFERRAL_PENDING_DAYS } from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";
import {
  normaliseReferralCode,
  REFERRAL_CREDIT_PER_FRIEND_MINOR,
  REFERRAL_INVITES_PER_DAY,
  REFERRAL_MESSAGES,
  REFERRAL_STATUS_LABELS,
  referralCodeFrom,
  referralLinkPath,
  referralRefusal,
  referralStats,
} from "@deals/domain/referral";
import { ApiError, notFound } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { emailKey, findUserByEmail } from "../accounts/queries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { referralInvitationEmail } from "./email.ts";
import {
  cancelRefunded,
  codeOf,
  countLinkEvent,
  deleteInvitation,
  hasPaidOrder,
  insertCode,
  insertInvitation,
  invitationsSince,
  isReferred,
  joinReferral,
  lockCode,
  lockUser,
  markFriendsPaid,
  referralsOf,
  referrerByCode,
} from "./queries.ts";
import type { RafStatus } from "./schemas.ts";

export interface ReferralContext {
  db: Db;
  brand: Brand;
  customer: Customer;
  now: Date;
  /** The site's public origin, for the link. */
  origin: string;
}

const DAY_MS = 86_400_000;

const unknownCode = () => notFound("REFERRAL_CODE_NOT_FOUND", REFERRAL_MESSAGES.unknownCode);

/** The customer's code, made on first use (a new random code if one is ever taken already). */
async function ensureCode(db: Db, customerId: number, now: Date): Promise<string> {
  for (;;) {
    const existing = await codeOf(db, customerId);
    if (existing) return existing.code;
    await insertCode(db, customerId, referralCodeFrom(randomBytes(8)), now);
  }
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** GET /user/raf/status: the code and link, what was earned, the stats and every referral. */
export async function referralStatus(ctx: ReferralContext): Promise<RafStatus> {
  const { db, customer, brand, now } = ctx;
  const code = await ensureCode(db, customer.id, now);
  // Friends' purchases and refunds show at once, not only when the credit job next runs.
  await markFriendsPaid(db, customer.id);
  await cancelRefunded(db, now, customer.id);
  const rows = await referralsOf(db, customer.id);
  const counts = await codeOf(db, customer.id);
  const money = (minor: number) => formatMoney(minor, brand.currency);
  const earned = rows.reduce((sum, row) => sum + (row.creditMinor ?? 0), 0);
  return {
    referralCode: code,
    referralLink: `${ctx.origin}${referralLinkPath(code)}`,
    currency: brand.currency,
    creditPerFriend: REFERRAL_CREDIT_PER_FRIEND_MINOR,
    creditPerFriendFormatted: money(REFERRAL_CREDIT_PER_FRIEND_MINOR),
    creditUpTo: REFERRAL_CREDIT_UP_TO_MINOR,
    creditUpToFormatted: money(REFERRAL_CREDIT_UP_TO_MINOR),
    creditEarned: earned,
    creditEarnedFormatted: money(earned),
    pendingDays: REFERRAL_PENDING_DAYS,
    stats: referralStats(rows.map((row) => row.status)),
    linkOpens: counts?.linkOpens ?? 0,
    shares: counts?.shares ?? 0,
    referrals: rows.map((row) => ({
      id: row.id,
      friendName: row.friendName,
      status: row.status,
      statusLabel: REFERRAL_STATUS_LABELS[row.status],
      invitedAt: iso(row.invitedAt),
      joinedAt: iso(row.joinedAt),
      creditDueAt: iso(row.creditDueAt),
      creditedAt: iso(row.creditedAt),
      cancelledAt: iso(row.cancelledAt),
      credit: row.creditMinor,
      creditFormatted: row.creditMinor === null ? null : money(row.creditMinor),
    })),
  };
}

/** The friend's name as their referrer sees it: first name and the initial of the last. */
function friendName(customer: Customer): string {
  const initial = customer.lastName.trim().charAt(0);
  return (
    [customer.firstName.trim(), initial ? `${initial}.` : ""].filter(Boolean).join(" ") || customer.email
  );
}

/**
 * POST /user/raf/assign: the signed-in customer joins through a friend's link. Existing
 * customers (a paid order already), the code's owner and a customer already referred are refused.
 */
export async function assignReferral(ctx: ReferralContext, codeText: string) {
  const code = normaliseReferralCode(codeText);
  if (!code) throw unknownCode();
  const referrer = await referrerByCode(ctx.db, ctx.brand.id, code);
  if (!referrer) throw unknownCode();
  const { customer } = ctx;
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, customer.id);
    const refusal = referralRefusal({
      isReferrer: referrer.id === customer.id,
      alreadyReferred: await isReferred(tx, customer.id),
      hasPaidOrder: await hasPaidOrder(tx, customer.id),
    });
    if (refusal) throw new ApiError(422, "REFERRAL_REFUSED", refusal);
    await joinReferral(tx, {
      referrerId: referrer.id,
      friendId: customer.id,
      friendEmailKey: emailKey(customer.email),
      friendName: friendName(customer),
      now: ctx.now,
    });
  });
  return {
    referrerFirstName: referrer.firstName,
    message: `You joined through ${referrer.firstName || "your friend"}'s invitation.`,
  };
}

/** POST /user/raf/stat/open: a referral link was opened; whose it is, for the welcome. */
export async function openReferralLink(db: Db, brand: Brand, codeText: string) {
  const code = normaliseReferralCode(codeText);
  const referrer = code ? await referrerByCode(db, brand.id, code) : undefined;
  if (!code || !referrer) throw unknownCode();
  await countLinkEvent(db, code, "opens");
  return { referrerFirstName: referrer.firstName };
}

/** POST /user/raf/stat/share: the customer copied or shared their link. */
export async function recordShare(ctx: ReferralContext) {
  const code = await ensureCode(ctx.db, ctx.customer.id, ctx.now);
  return { shares: await countLinkEvent(ctx.db, code, "shares") };
}

/**
 * POST /user/raf/invite: emails a friend the customer's link, through the outbox. At most
 * REFERRAL_INVITES_PER_DAY a day (counted under the referrer's lock, so concurrent requests
 * cannot pass it); an address already invited is not emailed again; an address with an
 * account is an existing customer and cannot be referred.
 */
export async function inviteFriend(ctx: ReferralContext, email: string) {
  const { db, customer, brand, now } = ctx;
  const key = emailKey(email);
  if (key === emailKey(customer.email))
    throw new ApiError(422, "REFERRAL_REFUSED", REFERRAL_MESSAGES.ownCode);
  if (await findUserByEmail(db, brand.id, email)) {
    throw new ApiError(422, "REFERRAL_REFUSED", REFERRAL_MESSAGES.existingCustomer);
  }
  const code = await ensureCode(db, customer.id, now);
  const sent = await db.transaction(async (tx) => {
    await lockCode(tx, customer.id);
    const sentToday = await invitationsSince(tx, customer.id, new Date(now.getTime() - DAY_MS));
    if (sentToday >= REFERRAL_INVITES_PER_DAY) {
      throw new ApiError(429, "TOO_MANY_INVITATIONS", REFERRAL_MESSAGES.tooManyInvites);
    }
    if (!(await insertInvitation(tx, { referrerId: customer.id, friendEmailKey: key, now }))) return false;
    await enqueueEmail(tx, {
      ...referralInvitationEmail(brand, customer.firstName, `${ctx.origin}${referralLinkPath(code)}`),
      to: email.trim(),
      brandId: brand.id,
      userId: customer.id,
      createdAt: now,
    });
    return true;
  });
  const shown = email.trim();
  return {
    message: sent ? `Invitation sent to ${shown}.` : `You have already invited ${shown}.`,
    status: await referralStatus(ctx),
  };
}

/**
 * DELETE /user/raf/invite/{id}: withdraws an invitation the friend has not taken up. Another
 * customer's, or one the friend has already taken up, is not there to withdraw (404).
 */
export async function withdrawInvitation(ctx: ReferralContext, id: number): Promise<RafStatus> {
  if (!(await deleteInvitation(ctx.db, ctx.customer.id, id))) {
    throw notFound("INVITATION_NOT_FOUND", "There is no such invitation to withdraw.");
  }
  return referralStatus(ctx);
}
