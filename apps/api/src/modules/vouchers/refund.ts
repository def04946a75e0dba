/**
 * Self-serve refund of a voucher (product.md §3 refund type ON_DEMAND_REFUND, §4 "Refund
 * unavailable once redeemed or within 7 days of expiry", §5 "A refund reason must be
 * selected"), to wallet credit (instant) or to the original payment method (through the
 * payment provider port).
 *
 * The money goes back exactly once:
 *  - one transaction locks the order (refunds of one order happen one after another, so
 *    their total can never pass what it paid), moves the voucher out of Ready to Redeem by a
 *    conditional update (only one request can), records the refund under the voucher (unique)
 *    and the shopper's idempotency key (unique), and credits the wallet;
 *  - the provider is then asked to refund under the refund's own reference (a repeat answers
 *    the first refund), and the refund is marked done. A request repeated with the same key
 *    answers the same refund, and finishes it if a crash stopped it half-way; one nobody
 *    repeats is finished by reconciliation after its grace (pending-refunds.ts).
 */
import type { Db, DbTransaction } from "@deals/db";
import { formatMoney } from "@deals/domain/money";
import { validateNotRedeemedConfirmation } from "@deals/domain/validation";
import { REFUND_MESSAGES, type VoucherStatus } from "@deals/domain/voucher";
import {
  type RefundDestinationChoice,
  refundReasonProblem,
  refundSplit,
  SELF_REFUND_MESSAGES,
  selfRefundEligibility,
  voucherShareMinor,
} from "@deals/domain/voucher-refund";
import { ApiError } from "../../errors.ts";
import type { PaymentProviders } from "../payments/port.ts";
import { addWalletCredit } from "../wallet/queries.ts";
import {
  addVoucherEvent,
  capturedPaymentOf,
  completeRefundRow,
  findCustomerVoucher,
  findRefundByKey,
  insertRefund,
  lockOrderMoney,
  moveVoucherStatus,
  orderLineTotal,
  positionInLine,
  type RefundRow,
} from "./queries.ts";
import { queueRefundEmail } from "./refund-email.ts";
import type { RefundBody, RefundResult } from "./schemas.ts";
import { customerVoucher, voucherNotFound } from "./service.ts";

export interface RefundDeps {
  db: Db;
  clock: () => Date;
  providers: PaymentProviders;
}

export const REFUND_IDEMPOTENCY_MESSAGE = "The idempotency-key header is required: 8 to 100 characters.";
const KEY_REUSED = "This idempotency key was used for another voucher's refund.";

const bad = (code: string, message: string) => new ApiError(400, code, message);

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === constraint) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Where the money went, as the timeline says it. */
function refundNote(refund: Pick<RefundRow, "walletMinor" | "originalMinor" | "currency">): string {
  const money = (minor: number) => formatMoney(minor, refund.currency as "GBP" | "EUR");
  const parts = [];
  if (refund.originalMinor > 0) parts.push(`${money(refund.originalMinor)} to your original payment method`);
  if (refund.walletMinor > 0 || refund.originalMinor === 0)
    parts.push(`${money(refund.walletMinor)} to your wallet`);
  return parts.join(" and ");
}

/**
 * The voucher refunded, with where the money went in its timeline, and the customer emailed.
 * A self-serve refund leaves Request Processed; a returned shop item leaves Returned to the
 * Merchant (merchant-fulfilment).
 */
/**
 * A voucher's refund taken from its order's money: its share of the line, split between the
 * wallet and the original payment (refundSplit), the refund row, and the wallet part credited
 * at once. The original payment's part is finished by finishOriginalRefund.
 */
export async function recordRefund(
  tx: DbTransaction,
  voucher: { id: number; orderId: number; orderLineId: number; currency: string; dealHeadline: string },
  refund: {
    customerId: number;
    idempotencyKey: string;
    reason: string;
    destination: RefundDestinationChoice;
  },
  money: Awaited<ReturnType<typeof lockOrderMoney>>,
  now: Date,
): Promise<RefundRow> {
  const line = await orderLineTotal(tx, voucher.orderLineId);
  const share = voucherShareMinor(
    line.totalMinor,
    line.quantity,
    await positionInLine(tx, voucher.orderLineId, voucher.id),
  );
  const split = refundSplit(share, refund.destination, money);
  const row = await insertRefund(tx, {
    voucherId: voucher.id,
    orderId: voucher.orderId,
    ...refund,
    currency: voucher.currency,
    walletMinor: split.walletMinor,
    originalMinor: split.originalMinor,
    status: split.originalMinor > 0 ? "pending" : "completed",
    createdAt: now,
    completedAt: split.originalMinor > 0 ? null : now,
  });
  await addWalletCredit(tx, {
    customerId: refund.customerId,
    currency: voucher.currency,
    kind: "refundable",
    source: "refund",
    amountMinor: split.walletMinor,
    description: `Refund: ${voucher.dealHeadline}`,
    orderId: voucher.orderId,
    now,
  });
  return row;
}

export async function markRefunded(tx: DbTransaction, refund: RefundRow, now: Date) {
  if (!(await moveVoucherStatus(tx, refund.voucherId, "Request Processed", "Refunded"))) {
    await moveVoucherStatus(tx, refund.voucherId, "Returned to the Merchant", "Refunded");
  }
  const note = refundNote(refund);
  await addVoucherEvent(tx, { voucherId: refund.voucherId, status: "Refunded", note, createdAt: now });
  await queueRefundEmail(tx, refund, note, now);
}

/**
 * Asks the provider for the part going back to the card under the refund's own reference (a
 * refund already made, before a crash or by a twin request, is answered, not made again), then
 * marks the refund done: true for the call that did.
 */
export async function finishOriginalRefund(deps: RefundDeps, refund: RefundRow): Promise<boolean> {
  if (refund.status === "completed") return false;
  const payment = await capturedPaymentOf(deps.db, refund.orderId);
  if (!payment?.transactionId) throw new Error(`Order ${refund.orderId} has no captured payment to refund`);
  const provider = deps.providers[payment.provider as keyof PaymentProviders];
  const { refundId } = await provider.refundAmount({
    transactionId: payment.transactionId,
    reference: `refund-${refund.id}`,
    amountMinor: refund.originalMinor,
    currency: payment.currency as "GBP" | "EUR",
  });
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!(await completeRefundRow(tx, refund.id, refundId, now))) return false;
    await markRefunded(tx, refund, now);
    return true;
  });
}

async function answer(deps: RefundDeps, customerId: number, refund: RefundRow): Promise<RefundResult> {
  await finishOriginalRefund(deps, refund);
  return {
    voucher: await customerVoucher(deps.db, customerId, refund.voucherId, deps.clock()),
    refund: {
      destination: refund.destination,
      currency: refund.currency as "GBP" | "EUR",
      walletAmount: refund.walletMinor,
      originalAmount: refund.originalMinor,
      reason: refund.reason,
    },
  };
}

export async function refundVoucher(
  deps: RefundDeps,
  customerId: number,
  voucherId: number,
  body: RefundBody,
  idempotencyKey: string | undefined,
): Promise<{ created: boolean; result: RefundResult }> {
  const { db } = deps;
  const voucher = await findCustomerVoucher(db, customerId, voucherId);
  if (!voucher) throw voucherNotFound();
  if (!idempotencyKey || idempotencyKey.length < 8 || idempotencyKey.length > 100) {
    throw bad("IDEMPOTENCY_KEY_REQUIRED", REFUND_IDEMPOTENCY_MESSAGE);
  }
  const repeat = async () => {
    const earlier = await findRefundByKey(db, customerId, idempotencyKey);
    if (earlier && earlier.voucherId !== voucherId)
      throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", KEY_REUSED);
    return earlier && { created: false, result: await answer(deps, customerId, earlier) };
  };
  const earlier = await repeat();
  if (earlier) return earlier;

  const reasonProblem = refundReasonProblem(body.reason);
  if (reasonProblem) throw bad("REFUND_REASON_REQUIRED", reasonProblem);
  if (!body.destination) throw bad("REFUND_DESTINATION_REQUIRED", SELF_REFUND_MESSAGES.destinationRequired);
  const confirmation = validateNotRedeemedConfirmation(body.confirmed);
  if (confirmation) throw bad("CONFIRMATION_REQUIRED", confirmation);
  const now = deps.clock();
  const status = voucher.status as VoucherStatus;
  const eligibility = selfRefundEligibility(
    { status, expiresAt: voucher.expiresAt, protected: voucher.protected, purchasedAt: voucher.createdAt },
    now,
  );
  if (!eligibility.eligible) {
    // A twin request with the same key may have refunded it a moment ago: that is the answer.
    const twin = await repeat();
    if (twin) return twin;
    throw new ApiError(422, "REFUND_UNAVAILABLE", eligibility.reason);
  }

  const destination: RefundDestinationChoice = body.destination;
  const refund = await db
    .transaction(async (tx) => {
      const money = await lockOrderMoney(tx, voucher.orderId);
      // Another request refunded it first (a double click, a second tab): nothing moves here.
      if (!(await moveVoucherStatus(tx, voucher.id, "Ready to Redeem", "Request Processed", now)))
        return undefined;
      const row = await recordRefund(
        tx,
        voucher,
        { customerId, idempotencyKey, reason: body.reason!, destination },
        money,
        now,
      );
      // Wallet credit is instant; a refund to the card is processed until the provider has it.
      if (row.originalMinor > 0) {
        await addVoucherEvent(tx, {
          voucherId: voucher.id,
          status: "Request Processed",
          note: body.reason!,
          createdAt: now,
        });
      } else {
        await markRefunded(tx, row, now);
      }
      return row;
    })
    .catch((error: unknown) => {
      // The same key, at the same moment, for another voucher: its refund took the key.
      if (isUniqueViolation(error, "voucher_refunds_idempotency")) {
        throw new ApiError(409, "IDEMPOTENCY_KEY_REUSED", KEY_REUSED);
      }
      throw error;
    });
  if (!refund) {
    const twin = await repeat();
    if (twin) return twin;
    throw new ApiError(422, "REFUND_UNAVAILABLE", REFUND_MESSAGES.refunded);
  }
  return { created: true, result: await answer(deps, customerId, refund) };
}
