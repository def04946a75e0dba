/**
 * Signing in and out, the profile, password change, the account check and the express-buy
 * token (services.md §7.2).
 */
import type { Db } from "@deals/db";
import type { LoginBody } from "@deals/domain/validation";
import { normalisePostcode, validatePhone, validatePostcode } from "@deals/domain/validation";
import { ApiError, invalidParameter, notFound } from "../../errors.ts";
import { findPostcodeAddresses } from "../address/queries.ts";
import { enqueueEmail } from "../email/outbox.ts";
import { activationEmail, welcomeEmail } from "../email/templates.ts";
import type { Customer } from "./auth.ts";
import type { AccountsContext } from "./context.ts";
import { issueToken } from "./emailed-tokens.ts";
import type { GoogleTokenVerifier } from "./google.ts";
import {
  ACCOUNT_MESSAGES,
  accountLocked,
  changeUnsuccessful,
  invalidCredentials,
  invalidGoogleToken,
} from "./messages.ts";
import { toProfile } from "./profile.ts";
import {
  authTokenUsedSince,
  clearLoginFailures,
  consumeAuthToken,
  emailKey,
  findUserByEmail,
  findUserByGoogleSubject,
  findUserById,
  findUserWithSubscription,
  insertUser,
  isSubscribed,
  lockedUntil,
  recordLoginFailure,
  type UserRow,
  updateUser,
} from "./queries.ts";
import type {
  AccountStatus,
  AddressInput,
  ExpressBuyToken,
  PasswordChange,
  Profile,
  ProfileUpdate,
  Session,
} from "./schemas.ts";
import { hashPassword, newCustomerToken, secretHash, verifyPassword } from "./secrets.ts";

export interface SignIn {
  /** For the HttpOnly cookie; not part of the answer's body. */
  sid: string;
  session: Session;
}

/** Statuses whose owner may hold a session: a new account signs in before it is activated. */
const SIGNED_IN_STATUSES = new Set<UserRow["status"]>(["active", "pending"]);

export async function startSession(
  ctx: AccountsContext,
  user: UserRow,
  rememberMe: boolean,
): Promise<SignIn> {
  const { sid, expiresAt } = await ctx.sessions.create({
    userId: user.id,
    brandId: ctx.brand.id,
    rememberMe,
    now: ctx.now,
  });
  const profile = toProfile(user, await isSubscribed(ctx.db, ctx.brand.id, user.email), ctx.now);
  return {
    sid,
    session: {
      customerToken: user.customerToken,
      rememberMe,
      expiresAt: expiresAt.toISOString(),
      user: profile,
    },
  };
}

/**
 * Password sign-in. A locked address is refused before its password is checked; a failure
 * counts towards the lock whether or not the address has an account, so the answers never
 * tell which addresses do.
 */
export async function login(ctx: AccountsContext, body: LoginBody): Promise<SignIn> {
  const { db, brand, now } = ctx;
  if (await lockedUntil(db, brand.id, body.username, now)) throw accountLocked();
  const user = await findUserByEmail(db, brand.id, body.username);
  const passwordMatches = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !passwordMatches || !SIGNED_IN_STATUSES.has(user.status)) {
    const locked = await recordLoginFailure(db, brand.id, body.username, now);
    throw locked ? accountLocked() : invalidCredentials();
  }
  await clearLoginFailures(db, brand.id, body.username);
  return startSession(ctx, user, body.rememberMe);
}

/**
 * Sign in with Google (/v1/logingoogle), or sign up with it (/v1/registergoogleuser). Google
 * has verified the address, so a pending or guest account with it becomes active.
 */
export async function loginWithGoogle(
  ctx: AccountsContext,
  verifier: GoogleTokenVerifier | null,
  body: { idToken: string; rememberMe: boolean },
  mayRegister: boolean,
): Promise<SignIn> {
  if (!verifier) throw new ApiError(503, "GOOGLE_UNAVAILABLE", ACCOUNT_MESSAGES.googleUnavailable);
  const identity = await verifier.verify(body.idToken, ctx.now);
  if (!identity?.emailVerified) throw invalidGoogleToken();
  const { db, brand, now } = ctx;

  let user =
    (await findUserByGoogleSubject(db, brand.id, identity.subject)) ??
    (await findUserByEmail(db, brand.id, identity.email));
  if (user && user.googleSubject !== null && user.googleSubject !== identity.subject)
    throw invalidGoogleToken();
  if (user && (user.status === "deleting" || user.status === "deleted")) throw invalidCredentials();

  if (!user) {
    if (!mayRegister) {
      throw new ApiError(404, "GOOGLE_ACCOUNT_NOT_REGISTERED", ACCOUNT_MESSAGES.googleNotRegistered);
    }
    user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        ...newUserValues(ctx, identity.email, "active"),
        firstName: identity.givenName,
        lastName: identity.familyName,
        googleSubject: identity.subject,
        activatedAt: now,
      });
      // Registered by another request a moment ago: sign in to that account instead.
      if (!created) return (await findUserByEmail(tx, brand.id, identity.email))!;
      await enqueueEmail(tx, {
        ...welcomeEmail(brand, created.firstName, ctx.links.home),
        to: created.email,
        brandId: brand.id,
        userId: created.id,
        createdAt: now,
      });
      return created;
    });
  } else if (user.googleSubject === null || user.status !== "active") {
    user = await updateUser(db, user.id, {
      googleSubject: identity.subject,
      ...(user.status === "active" ? {} : { status: "active", activatedAt: now }),
    });
  }
  return startSession(ctx, user, body.rememberMe);
}

/** The columns every new account starts with. */
export function newUserValues(ctx: AccountsContext, email: string, status: UserRow["status"]) {
  return {
    brandId: ctx.brand.id,
    email: email.trim(),
    emailKey: emailKey(email),
    customerToken: newCustomerToken(),
    status,
    createdAt: ctx.now,
  };
}

/** The signed-in customer's own row; a session always has one, but never trust that blindly. */
function signedInUser(user: UserRow | undefined): UserRow {
  if (!user || !SIGNED_IN_STATUSES.has(user.status))
    throw notFound("USER_NOT_FOUND", "There is no such account.");
  return user;
}

async function ownUser(db: Db, customer: Customer): Promise<UserRow> {
  return signedInUser(await findUserById(db, customer.id));
}

export async function getProfile(ctx: AccountsContext, customer: Customer): Promise<Profile> {
  const found = await findUserWithSubscription(ctx.db, ctx.brand.id, customer.id);
  return toProfile(signedInUser(found?.user), found?.subscribed === true, ctx.now);
}

/** Checks the postcode for the site's country and fills in coordinates when the table knows it. */
async function checkedAddress(ctx: AccountsContext, address: AddressInput) {
  const problem = validatePostcode(address.postCode, ctx.brand.countryCode);
  if (problem) throw invalidParameter(problem);
  const postCode = normalisePostcode(address.postCode, ctx.brand.countryCode)!;
  const [known] = await findPostcodeAddresses(ctx.db, ctx.brand.countryCode, postCode);
  return {
    addressLine1: address.addressLine1,
    ...(address.addressLine2 ? { addressLine2: address.addressLine2 } : {}),
    town: address.town,
    postCode,
    ...(known ? { latLon: { lat: known.lat, lon: known.lon } } : {}),
  };
}

export async function updateProfile(
  ctx: AccountsContext,
  customer: Customer,
  update: ProfileUpdate,
): Promise<Profile> {
  await ownUser(ctx.db, customer);
  const phone = update.phone ? update.phone : null;
  if (phone) {
    const problem = validatePhone(phone);
    if (problem) throw invalidParameter(problem);
  }
  const address = update.address ? await checkedAddress(ctx, update.address) : null;
  const user = await updateUser(ctx.db, customer.id, {
    title: update.title ?? null,
    firstName: update.firstName,
    lastName: update.lastName,
    phone,
    ...(update.address === undefined ? {} : { address }),
  });
  await ctx.sessions.forgetCustomer(customer.id);
  return toProfile(user, await isSubscribed(ctx.db, ctx.brand.id, user.email), ctx.now);
}

/** A changed password signs out every other session of the customer. */
export async function changePassword(
  ctx: AccountsContext,
  customer: Customer,
  sid: string,
  change: PasswordChange,
): Promise<void> {
  const user = await ownUser(ctx.db, customer);
  if (!(await verifyPassword(user.passwordHash, change.currentPassword))) throw changeUnsuccessful();
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(change.newPassword) });
  await ctx.sessions.endAllForUser(user.id, sid);
}

/**
 * The subscription check (services.md §7.2): what the checkout needs to know about an
 * address to offer sign-in, registration or activation.
 */
export async function accountStatus(ctx: AccountsContext, email: string): Promise<AccountStatus> {
  const { db, brand, now } = ctx;
  const user = await findUserByEmail(db, brand.id, email);
  const live = user && user.status !== "deleting" && user.status !== "deleted" ? user : undefined;
  return {
    hasPassword: live?.passwordHash != null,
    isLocked: (await lockedUntil(db, brand.id, email, now)) !== null,
    isRegistered: live?.status === "active" || live?.status === "pending",
    isSubscribed: await isSubscribed(db, brand.id, email),
    tpl: live?.googleSubject != null,
  };
}

/**
 * Accounts that buy with an express-buy token: a guest's, and one registered but not yet
 * activated (product.md §6: a new buyer pays now and activates later by email). Neither may
 * sign in until activated; an active account signs in to buy.
 */
const EXPRESS_BUY_STATUSES = new Set<UserRow["status"]>(["guest", "pending"]);

/**
 * An express-buy token for a guest's address: the guest account is created on first use (and
 * told by email how to activate it later). An address with an active account must sign in.
 */
export async function expressBuyToken(ctx: AccountsContext, email: string): Promise<ExpressBuyToken> {
  const { brand, now } = ctx;
  return ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, brand.id, email);
    if (user && !EXPRESS_BUY_STATUSES.has(user.status)) {
      throw new ApiError(409, "ACCOUNT_EXISTS", ACCOUNT_MESSAGES.accountExistsSignIn);
    }
    if (!user) {
      user = await insertUser(tx, newUserValues(ctx, email, "guest"));
      if (!user) throw new ApiError(409, "ACCOUNT_EXISTS", ACCOUNT_MESSAGES.accountExistsSignIn);
      const activation = await issueToken(tx, user.id, "activation", now);
      await enqueueEmail(tx, {
        ...activationEmail(brand, "", ctx.links.activate(activation.token)),
        to: user.email,
        brandId: brand.id,
        userId: user.id,
        createdAt: now,
      });
    }
    const issued = await issueToken(tx, user.id, "express-buy", now);
    return { expressBuyToken: issued.token, expiresAt: issued.expiresAt.toISOString() };
  });
}

/** For the checkout: whether an express-buy token was used up at or after `since`. */
export function expressBuyTokenUsedSince(db: Db, token: string, since: Date): Promise<boolean> {
  return authTokenUsedSince(db, secretHash(token), "express-buy", since);
}

/**
 * For the checkout: the guest (or not yet activated) customer an express-buy token stands for,
 * using the token up. Null for an unknown, used or expired token, or an account activated since.
 */
export async function redeemExpressBuyToken(db: Db, token: string, now: Date): Promise<Customer | null> {
  const userId = await consumeAuthToken(db, secretHash(token), "express-buy", now);
  const user = userId === undefined ? undefined : await findUserById(db, userId);
  if (!user || !EXPRESS_BUY_STATUSES.has(user.status)) return null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    customerToken: user.customerToken,
    vipUser: false,
    brandId: user.brandId as Customer["brandId"],
    activated: false,
  };
}
