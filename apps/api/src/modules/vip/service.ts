/**
 * The signed-in customer's VIP membership (product.md §1, §4 "Subscription state", §6 "VIP
 * member"): its status, paying for a year, the free trial once, and the one-click cancel.
 *
 * Paying, chosen so that money moves once: (1) under the customer's row lock, a repeat of the
 * idempotency key is answered with its payment, a payment already in flight or a membership
 * that may not be bought again is refused, and a pending payment is written; (2) the provider
 * charges it under its own reference; (3) the payment is marked captured and the membership
 * extended in one transaction, only while the payment is still pending.
 */
import type { Db, DbTransaction } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import {
  cancelledMembership,
  cancelRefusal,
  freeTrialRefusal,
  isMembershipActive,
  paidPeriod,
  subscribeRefusal,
  subscriptionState,
  trialPeriod,
  VIP_MESSAGES,
} from "@deals/domain/vip-membership";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import type { PaymentProviders } from "../payments/port.ts";
import {
  type ChargeOutcome,
  charge,
  paymentSource,
  pendingOutcome,
  type VipPaymentInput,
} from "./payment.ts";
import {
  findMembership,
  findPaymentByKey,
  finishPayment,
  insertPayment,
  lockCustomer,
  pendingPaymentOf,
  saveMembership,
  setCustomerVip,
  toMembership,
  type VipPaymentRow,
  vipSavings,
} from "./queries.ts";
import type { VipStatus } from "./schemas.ts";

export interface VipContext {
  db: Db;
  providers: PaymentProviders;
  brand: Brand;
  customer: Customer;
  now: Date;
}

const IDEMPOTENCY_KEY_MESSAGE = "The idempotency-key header is required: 8 to 100 characters.";
export const VIP_OPT_IN = { trial: "VIP-SUB-FREE-TRIAL", paid: "VIP-SUB-PAID-FLOW" } as const;

export async function vipStatus(db: Db, brand: Brand, customerId: number, now: Date): Promise<VipStatus> {
  const row = await findMembership(db, customerId);
  const membership = toMembership(row);
  const active = isMembershipActive(membership, now);
  const savings = await vipSavings(db, customerId);
  return {
    state: subscriptionState(membership, now),
    vipUser: active,
    plan: row?.plan ?? null,
    optInType: row?.optInType ?? null,
    startedAt: row?.startedAt.toISOString() ?? null,
    endsAt: row?.endsAt.toISOString() ?? null,
    renews: active && row?.plan === "paid" && row.renews,
    renewalDate: active && row?.plan === "paid" && row.renews ? row.endsAt.toISOString() : null,
    cancelledAt: row?.cancelledAt?.toISOString() ?? null,
    freeTrialAvailable: freeTrialRefusal(membership, now) === null,
    canSubscribe: subscribeRefusal(membership, now) === null,
    price: { amount: VIP_SUBSCRIPTION_PRICE_MINOR, currency: brand.currency },
    prioritySupport: active,
    rewards: { vipPurchases: savings.vipPurchases, savedMinor: savings.savedMinor },
  };
}

/** Marks the payment captured and the year bought, if the payment is still pending. */
async function settle(
  db: Db,
  payment: VipPaymentRow,
  outcome: ChargeOutcome,
  now: Date,
): Promise<VipPaymentRow | undefined> {
  return db.transaction(async (tx) => {
    if (outcome.status === "declined") {
      return finishPayment(
        tx,
        payment.id,
        { status: "declined", message: outcome.message, transactionId: null, cardType: null },
        now,
      );
    }
    const done = await finishPayment(
      tx,
      payment.id,
      { status: "captured", transactionId: outcome.transactionId, cardType: outcome.cardType, message: null },
      now,
    );
    if (!done) return undefined;
    const current = await findMembership(tx, payment.customerId);
    const continuing = current && current.endsAt >= payment.periodStartsAt;
    await saveMembership(tx, {
      customerId: payment.customerId,
      brandId: payment.brandId,
      plan: "paid",
      startedAt: continuing && current.plan === "paid" ? current.startedAt : payment.periodStartsAt,
      endsAt: payment.periodEndsAt,
      renews: true,
      cancelledAt: null,
      trialStartedAt: current?.trialStartedAt ?? null,
      optInType: payment.kind === "renewal" && current ? current.optInType : VIP_OPT_IN.paid,
      renewalToken: outcome.vaultToken ?? current?.renewalToken ?? null,
      reminderSentFor: current?.reminderSentFor ?? null,
      updatedAt: now,
    });
    await setCustomerVip(tx, payment.customerId, payment.periodEndsAt, now);
    return done;
  });
}

export { settle as settleVipPayment };

function answerFor(payment: VipPaymentRow): void {
  if (payment.status === "declined") {
    throw new ApiError(402, "PAYMENT_FAILED", payment.message ?? "The payment failed.");
  }
  if (payment.status === "pending")
    throw new ApiError(409, "VIP_PAYMENT_IN_PROGRESS", VIP_MESSAGES.inProgress);
}

/** Pays for a year of VIP. created false: the idempotency key's payment, answered again. */
export async function subscribe(
  ctx: VipContext,
  input: VipPaymentInput,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean }> {
  const { db, customer, brand, now } = ctx;
  if (!idempotencyKey || idempotencyKey.length < 8 || idempotencyKey.length > 100) {
    throw new ApiError(400, "IDEMPOTENCY_KEY_REQUIRED", IDEMPOTENCY_KEY_MESSAGE);
  }
  const known = await findPaymentByKey(db, customer.id, idempotencyKey);
  if (known) return repeat(ctx, known);
  const source = await paymentSource(db, customer.id, input, now);

  const reserved = await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const twin = await findPaymentByKey(tx, customer.id, idempotencyKey);
    if (twin) return { twin };
    if (await pendingPaymentOf(tx, customer.id)) {
      throw new ApiError(409, "VIP_PAYMENT_IN_PROGRESS", VIP_MESSAGES.inProgress);
    }
    const membership = toMembership(await findMembership(tx, customer.id));
    const refusal = subscribeRefusal(membership, now);
    if (refusal) throw new ApiError(409, "ALREADY_VIP", refusal);
    const period = paidPeriod(membership, now);
    const payment = await insertPayment(tx, {
      customerId: customer.id,
      brandId: brand.id,
      kind: "subscription",
      idempotencyKey,
      periodStartsAt: period.startsAt,
      periodEndsAt: period.endsAt,
      amountMinor: VIP_SUBSCRIPTION_PRICE_MINOR,
      currency: brand.currency,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    if (!payment) throw new ApiError(409, "VIP_PAYMENT_IN_PROGRESS", VIP_MESSAGES.inProgress);
    return { payment };
  });
  if ("twin" in reserved) return repeat(ctx, reserved.twin!);

  const outcome = await charge(ctx.providers.BRAINTREE, reserved.payment, source);
  await settle(db, reserved.payment, outcome, now);
  if (outcome.status === "declined") throw new ApiError(402, "PAYMENT_FAILED", outcome.message);
  return { created: true };
}

/** A key used before: settled now if a crash left it pending, then answered as it ended. */
async function repeat(ctx: VipContext, payment: VipPaymentRow): Promise<{ created: boolean }> {
  let current = payment;
  if (current.status === "pending") {
    const outcome = await pendingOutcome(ctx.providers.BRAINTREE, current, ctx.now);
    if (outcome) current = (await settle(ctx.db, current, outcome, ctx.now)) ?? current;
  }
  answerFor(current);
  return { created: false };
}

/** Starts the free trial in the caller's transaction (the hub, or the free-trial registration). */
export async function beginFreeTrial(tx: DbTransaction, customerId: number, brandId: string, now: Date) {
  const row = await findMembership(tx, customerId);
  const refusal = freeTrialRefusal(toMembership(row), now);
  if (refusal) throw new ApiError(409, "FREE_TRIAL_REFUSED", refusal);
  const period = trialPeriod(now);
  await saveMembership(tx, {
    customerId,
    brandId,
    plan: "trial",
    startedAt: period.startsAt,
    endsAt: period.endsAt,
    renews: false,
    cancelledAt: null,
    trialStartedAt: now,
    optInType: VIP_OPT_IN.trial,
    renewalToken: row?.renewalToken ?? null,
    reminderSentFor: row?.reminderSentFor ?? null,
    updatedAt: now,
  });
  await setCustomerVip(tx, customerId, period.endsAt, now);
}

/** The free trial: once per customer, never while a member; it costs nothing and never renews. */
export async function startFreeTrial(ctx: VipContext): Promise<void> {
  const { db, customer, brand, now } = ctx;
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    await beginFreeTrial(tx, customer.id, brand.id, now);
  });
}

/**
 * A year bought at checkout (the VVE addon, paid with the order): it follows on from any
 * membership still running. No card is kept for it, so it does not renew by itself.
 */
export async function grantPaidYear(tx: DbTransaction, customerId: number, brandId: string, now: Date) {
  await lockCustomer(tx, customerId);
  const row = await findMembership(tx, customerId);
  const period = paidPeriod(toMembership(row), now);
  await saveMembership(tx, {
    customerId,
    brandId,
    plan: "paid",
    startedAt: row?.plan === "paid" && row.endsAt >= now ? row.startedAt : period.startsAt,
    endsAt: period.endsAt,
    renews: row?.plan === "paid" && row.renews && row.renewalToken !== null,
    cancelledAt: null,
    trialStartedAt: row?.trialStartedAt ?? null,
    optInType: VIP_OPT_IN.paid,
    renewalToken: row?.renewalToken ?? null,
    reminderSentFor: row?.reminderSentFor ?? null,
    updatedAt: now,
  });
  await setCustomerVip(tx, customerId, period.endsAt, now);
}

/** One click: a paid year stops renewing and runs to its end; a free trial ends now. */
export async function cancelMembership(ctx: VipContext): Promise<void> {
  const { db, customer, now } = ctx;
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const row = await findMembership(tx, customer.id);
    const membership = toMembership(row);
    const refusal = cancelRefusal(membership, now);
    if (refusal) throw new ApiError(409, "VIP_NOT_CANCELLABLE", refusal);
    const cancelled = cancelledMembership(membership!, now);
    await saveMembership(tx, {
      ...row!,
      endsAt: cancelled.endsAt,
      renews: cancelled.renews,
      cancelledAt: now,
      updatedAt: now,
    });
    await setCustomerVip(tx, customer.id, cancelled.endsAt, now);
  });
}
