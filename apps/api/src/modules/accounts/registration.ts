/**
 * Registration, activation and password reset: everything that proves an email address by
 * a single-use emailed link. The link requests answer the same whatever the address, so they
 * never tell whether an account exists (the email itself says what happened).
 */

import type { RegistrationBody } from "@deals/domain/validation";
import { trialPeriod } from "@deals/domain/vip-membership";
import { ApiError } from "../../errors.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { accountExistsEmail, activationEmail, passwordResetEmail, welcomeEmail } from "../email/templates.ts";
import { beginFreeTrial } from "../vip/service.ts";
import type { AccountsContext } from "./context.ts";
import { issueToken } from "./emailed-tokens.ts";
import { ACCOUNT_MESSAGES, accountExists, emailSentMessage, linkInvalid } from "./messages.ts";
import type { UserRow } from "./queries.ts";
import {
  clearLoginFailures,
  consumeAuthToken,
  findTokenUser,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  upsertSubscription,
} from "./queries.ts";
import type { Message, TokenPassword } from "./schemas.ts";
import { hashPassword, randomSecret, secretHash } from "./secrets.ts";
import { newUserValues, type SignIn, startSession } from "./service.ts";

/** services.md §7.2: normal, VIP, and VIP with the free-trial flag. */
export type RegistrationFlow = "normal" | "vip" | "vip-free-trial";

const VIP_OPT_IN_TYPES: Record<RegistrationFlow, string | null> = {
  normal: null,
  vip: "VIP-SUB-PAID-FLOW",
  "vip-free-trial": "VIP-SUB-FREE-TRIAL",
};

/** Which emailed links may still be used by an account in this status. */
const LINK_STATUSES = new Set<UserRow["status"]>(["guest", "pending", "active"]);

async function sendActivation(ctx: AccountsContext, tx: AccountsContext["db"], user: UserRow): Promise<void> {
  const { token } = await issueToken(tx, user.id, "activation", ctx.now);
  await enqueueEmail(tx, {
    ...activationEmail(ctx.brand, user.firstName, ctx.links.activate(token)),
    to: user.email,
    brandId: ctx.brand.id,
    userId: user.id,
    createdAt: ctx.now,
  });
}

/**
 * Registers and signs in at once (product.md §6: a visitor registers to buy, and activates
 * later by email). An address that already has an account changes nothing: its owner is
 * emailed (a new activation link, or a reminder of the account) and the answer says to sign in.
 */
export async function register(
  ctx: AccountsContext,
  body: RegistrationBody,
  flow: RegistrationFlow,
): Promise<SignIn> {
  const { brand, now } = ctx;
  const passwordHash = await hashPassword(body.password);
  const freeTrial = flow === "vip-free-trial";
  const outcome = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      ...newUserValues(ctx, body.email, "pending"),
      passwordHash,
      title: body.title ?? null,
      firstName: body.firstName,
      lastName: body.lastName,
      vipOptInType: VIP_OPT_IN_TYPES[flow],
      // The session starts VIP at once; beginFreeTrial below records the trial itself.
      vipUser: freeTrial,
      vipMembershipExpiresAt: freeTrial ? trialPeriod(now).endsAt : null,
      emailPreferences: { dailyDeals: body.subscribe, vipNews: flow !== "normal", partnerOffers: false },
    });
    if (created) {
      if (freeTrial) await beginFreeTrial(tx, created.id, brand.id, now);
      // product.md §5 "Email consent": signing up with the box ticked means daily emails.
      if (body.subscribe) {
        await upsertSubscription(tx, {
          brandId: brand.id,
          email: created.email,
          locationShortName: brand.defaultLocation,
          userId: created.id,
          unsubscribeTokenHash: secretHash(randomSecret()),
          now,
        });
      }
      await sendActivation(ctx, tx, created);
      return { created };
    }
    const existing = await findUserByEmail(tx, brand.id, body.email);
    if (existing?.status === "pending" || existing?.status === "guest") {
      await sendActivation(ctx, tx, existing);
      return { emailed: true };
    }
    if (existing?.status === "active") {
      await enqueueEmail(tx, {
        ...accountExistsEmail(brand, existing.firstName, {
          signIn: ctx.links.signIn,
          forgotPassword: ctx.links.forgotPassword,
        }),
        to: existing.email,
        brandId: brand.id,
        userId: existing.id,
        createdAt: now,
      });
    }
    return { emailed: false };
  });
  if (!outcome.created) throw accountExists(outcome.emailed);
  return startSession(ctx, outcome.created, false);
}

/** Sends a new activation link to an account that still needs one. */
export async function requestActivation(ctx: AccountsContext, email: string): Promise<Message> {
  const user = await findUserByEmail(ctx.db, ctx.brand.id, email);
  if (user?.status === "pending" || user?.status === "guest") {
    await ctx.db.transaction((tx) => sendActivation(ctx, tx, user));
  }
  return { message: emailSentMessage(email.trim()) };
}

/** Whether an activation or reset link can still be used, and whether it needs a password. */
export async function checkLink(
  ctx: AccountsContext,
  token: string,
  purpose: "activation" | "password-reset",
): Promise<{ needsPassword: boolean }> {
  const user = await findTokenUser(ctx.db, secretHash(token), purpose, ctx.now);
  if (!user || !LINK_STATUSES.has(user.status)) throw linkInvalid();
  return { needsPassword: purpose === "password-reset" || user.passwordHash === null };
}

/**
 * Activates an account from its emailed link and signs its owner in: opening the link proves
 * the address. A guest account (bought without registering) has no password yet, so it
 * chooses one here.
 */
export async function activate(ctx: AccountsContext, body: TokenPassword): Promise<SignIn> {
  const { brand, now } = ctx;
  const tokenHash = secretHash(body.token);
  const user = await findTokenUser(ctx.db, tokenHash, "activation", now);
  if (!user || !LINK_STATUSES.has(user.status)) throw linkInvalid();
  const choosesPassword = user.passwordHash === null;
  if (choosesPassword && body.password === undefined) {
    throw new ApiError(400, "PASSWORD_REQUIRED", ACCOUNT_MESSAGES.passwordRequired);
  }
  const passwordHash = choosesPassword ? await hashPassword(body.password!) : undefined;
  const activated = await ctx.db.transaction(async (tx) => {
    if ((await consumeAuthToken(tx, tokenHash, "activation", now)) === undefined) throw linkInvalid();
    if (user.status === "active") return user;
    const updated = await updateUser(tx, user.id, {
      status: "active",
      activatedAt: now,
      ...(passwordHash ? { passwordHash } : {}),
    });
    await clearLoginFailures(tx, brand.id, user.email);
    await enqueueEmail(tx, {
      ...welcomeEmail(brand, user.firstName, ctx.links.home),
      to: user.email,
      brandId: brand.id,
      userId: user.id,
      createdAt: now,
    });
    return updated;
  });
  // Sessions opened before activation carry the old state in the session cache.
  await ctx.sessions.forgetCustomer(user.id);
  return startSession(ctx, activated, false);
}

export async function requestPasswordReset(ctx: AccountsContext, email: string): Promise<Message> {
  const user = await findUserByEmail(ctx.db, ctx.brand.id, email);
  if (user && LINK_STATUSES.has(user.status)) {
    await ctx.db.transaction(async (tx) => {
      const { token } = await issueToken(tx, user.id, "password-reset", ctx.now);
      await enqueueEmail(tx, {
        ...passwordResetEmail(ctx.brand, user.firstName, ctx.links.resetPassword(token)),
        to: user.email,
        brandId: ctx.brand.id,
        userId: user.id,
        createdAt: ctx.now,
      });
    });
  }
  return { message: emailSentMessage(email.trim()) };
}

/**
 * A new password from a reset link: it unlocks the account (product.md §6), activates one
 * that was waiting (the link proved the address) and signs out every session.
 */
export async function resetPassword(ctx: AccountsContext, body: TokenPassword): Promise<Message> {
  const { brand, now } = ctx;
  if (body.password === undefined) {
    throw new ApiError(400, "PASSWORD_REQUIRED", "Choose a new password.");
  }
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeAuthToken(tx, secretHash(body.token), "password-reset", now);
    const found = userId === undefined ? undefined : await findUserById(tx, userId);
    if (!found || !LINK_STATUSES.has(found.status)) throw linkInvalid();
    await updateUser(tx, found.id, {
      passwordHash,
      ...(found.status === "active" ? {} : { status: "active", activatedAt: now }),
    });
    await clearLoginFailures(tx, brand.id, found.email);
    return found;
  });
  await ctx.sessions.endAllForUser(user.id);
  return { message: "Your password has been changed. You can sign in with it now." };
}
