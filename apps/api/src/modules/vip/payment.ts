/**
 * Charging for a year of VIP through the same payment port as checkout (payments/port.ts):
 * the card rules of @deals/domain/payment, the sandbox or a real gateway behind it, one
 * provider reference per VIP payment ("vip-{id}"), so a retry, a twin request or a restarted
 * job asking again gets the first answer back and is never charged twice.
 */
import type { Db } from "@deals/db";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { CARD_MESSAGES, validateCard } from "@deals/domain/payment";
import { ApiError } from "../../errors.ts";
import { findInstrument } from "../payments/instruments.ts";
import type { PaymentProviderPort, PaymentSource } from "../payments/port.ts";
import { RECONCILE_GRACE_MS } from "../payments/reconcile.ts";
import type { VipPaymentRow } from "./queries.ts";

export const vipPaymentReference = (paymentId: number) => `vip-${paymentId}`;

export interface VipPaymentInput {
  card?: { number: string; expiry: string; securityCode: string } | undefined;
  instrumentId?: number | undefined;
}

export const VIP_PAYMENT_MESSAGES = {
  paymentRequired: "Choose how to pay: a card, or one you saved.",
  instrument: "This stored payment method is not available.",
} as const;

/** A new card (kept for the renewal) or a stored one; bad details answer 400 with the card rule's message. */
export async function paymentSource(
  db: Db,
  customerId: number,
  input: VipPaymentInput,
  now: Date,
): Promise<PaymentSource> {
  if (input.instrumentId !== undefined) {
    const instrument = await findInstrument(db, customerId, input.instrumentId);
    if (!instrument) throw new ApiError(422, "PAYMENT_METHOD_UNAVAILABLE", VIP_PAYMENT_MESSAGES.instrument);
    return { kind: "vaulted", token: instrument.token };
  }
  if (!input.card) throw new ApiError(400, "PAYMENT_REQUIRED", VIP_PAYMENT_MESSAGES.paymentRequired);
  const check = validateCard(input.card, now);
  const problem = check.errors.number ?? check.errors.expiry ?? check.errors.securityCode;
  if (problem) {
    const code = problem === CARD_MESSAGES.brandRefused ? "CARD_BRAND_REFUSED" : "CARD_INVALID";
    throw new ApiError(400, code, problem);
  }
  return { ...input.card, kind: "card", vault: true };
}

export type ChargeOutcome =
  | { status: "captured"; transactionId: string; cardType: string; vaultToken: string | null }
  | { status: "declined"; message: string };

/** Authorises and captures the payment's amount under its own reference. */
export async function charge(
  provider: PaymentProviderPort,
  payment: VipPaymentRow,
  source: PaymentSource,
): Promise<ChargeOutcome> {
  const result = await provider.authorise({
    reference: vipPaymentReference(payment.id),
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    method: "credit_card",
    source,
    capture: true,
  });
  if (result.status === "declined") return result;
  if (!result.captured) {
    const captured = await provider.capture(result.transactionId);
    if (!captured.ok) {
      await provider.void(result.transactionId);
      return { status: "declined", message: captured.message };
    }
  }
  const vaultToken = result.vaulted?.token ?? (source.kind === "vaulted" ? source.token : null);
  return { status: "captured", transactionId: result.transactionId, cardType: result.cardType, vaultToken };
}

/**
 * What became of a payment left pending (a crash between reserving and settling): the
 * provider is asked about its reference. Unknown to the provider after the grace, it was
 * never charged. Null: still too early to tell.
 */
export async function pendingOutcome(
  provider: PaymentProviderPort,
  payment: VipPaymentRow,
  now: Date,
): Promise<ChargeOutcome | null> {
  const transaction = await provider.findByReference(vipPaymentReference(payment.id));
  if (transaction?.status === "captured") {
    return {
      status: "captured",
      transactionId: transaction.transactionId,
      cardType: transaction.cardType ?? "",
      vaultToken: null,
    };
  }
  if (transaction?.status === "authorised") {
    const captured = await provider.capture(transaction.transactionId);
    if (captured.ok) {
      return {
        status: "captured",
        transactionId: transaction.transactionId,
        cardType: transaction.cardType ?? "",
        vaultToken: null,
      };
    }
  }
  if (transaction || now.getTime() - payment.createdAt.getTime() > RECONCILE_GRACE_MS) {
    return { status: "declined", message: "The payment did not go through." };
  }
  return null;
}

export const currencyOf = (brandId: string) => BRANDS[brandId as BrandId].currency;
