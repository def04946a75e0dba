/**
 * The merchant's side of a shop order (product.md §4): fulfilment Processing Order → Dispatched
 * → Delivered, and a returned item received (Returned to the Merchant), which refunds the
 * shopper to the original payment method through the self-serve refund's money path
 * (vouchers/refund.ts): one refund per voucher, under the order's lock. A guest's item, which
 * they could not ask to return online, is received straight from Ready to Redeem
 * (receiveReturnProblem). Each step is written to the voucher's timeline. Another merchant's
 * voucher answers 404, as one that does not exist.
 */
import type { Db } from "@deals/db";
import {
  type FulfilmentStatus,
  RECEIVE_RETURN_MESSAGES,
  receiveReturnProblem,
  type VoucherStatus,
} from "@deals/domain/voucher";
import { ApiError } from "../../errors.ts";
import {
  addVoucherEvent,
  findCustomerVoucher,
  lockOrderMoney,
  moveVoucherStatus,
} from "../vouchers/queries.ts";
import { finishOriginalRefund, markRefunded, type RefundDeps, recordRefund } from "../vouchers/refund.ts";
import { findMerchantVoucher, type MerchantVoucherRow, moveFulfilment, refundOfVoucher } from "./queries.ts";
import type { DispatchBody, MerchantVoucher, MerchantVoucherRef } from "./schemas.ts";

export const MERCHANT_VOUCHER_NOT_FOUND = "There is no such shop item among your deals' vouchers.";
export const FULFILMENT_MESSAGES = {
  notProcessing: "Only an item still being processed, and not being returned or refunded, can be dispatched",
  notDispatched: "Only a dispatched item can be marked delivered",
  notInTransit: RECEIVE_RETURN_MESSAGES.notInTransit,
} as const;
/** The refund's reason, as the shopper's refund history shows it. */
export const RETURN_REFUND_REASON = "Item returned to the merchant";

const conflict = (message: string) => new ApiError(409, "WRONG_FULFILMENT_STATE", message);

function toMerchantVoucher(row: MerchantVoucherRow): MerchantVoucher {
  return {
    id: row.id,
    code: row.code,
    status: row.status as VoucherStatus,
    fulfilment: {
      status: (row.fulfilmentStatus ?? "Processing Order") as FulfilmentStatus,
      courier: row.courier,
      trackingNumber: row.trackingNumber,
      deliveryEstimate: row.deliveryEstimate?.toISOString() ?? null,
      showTrackingToCustomer: row.showTrackingToCustomer,
    },
  };
}

async function ownVoucher(db: Db, merchantId: number, ref: MerchantVoucherRef) {
  const row = await findMerchantVoucher(db, merchantId, ref);
  if (!row) throw new ApiError(404, "VOUCHER_NOT_FOUND", MERCHANT_VOUCHER_NOT_FOUND);
  return row;
}

async function current(db: Db, merchantId: number, voucherId: number) {
  return toMerchantVoucher(await ownVoucher(db, merchantId, { id: voucherId }));
}

/** The item has left: courier and tracking number, shown to the shopper only if the merchant allows. */
export async function dispatchItem(
  db: Db,
  merchantId: number,
  ref: MerchantVoucherRef,
  body: DispatchBody,
  now: Date,
): Promise<MerchantVoucher> {
  const voucherId = (await ownVoucher(db, merchantId, ref)).id;
  const deliveryEstimate = body.deliveryEstimate ? new Date(body.deliveryEstimate) : null;
  const moved = await db.transaction(async (tx) => {
    if (
      !(await moveFulfilment(tx, voucherId, "Processing Order", {
        fulfilmentStatus: "Dispatched",
        courier: body.courier,
        trackingNumber: body.trackingNumber,
        deliveryEstimate,
        showTrackingToCustomer: body.showTrackingToCustomer,
      }))
    )
      return false;
    const note = [
      `Sent with ${body.courier}`,
      body.showTrackingToCustomer ? `tracking number ${body.trackingNumber}` : null,
      deliveryEstimate ? `expected by ${deliveryEstimate.toISOString().slice(0, 10)}` : null,
    ]
      .filter(Boolean)
      .join(", ");
    await addVoucherEvent(tx, { voucherId, status: "Dispatched", note, createdAt: now });
    return true;
  });
  if (!moved) throw conflict(FULFILMENT_MESSAGES.notProcessing);
  return current(db, merchantId, voucherId);
}

export async function deliverItem(
  db: Db,
  merchantId: number,
  ref: MerchantVoucherRef,
  now: Date,
): Promise<MerchantVoucher> {
  const voucherId = (await ownVoucher(db, merchantId, ref)).id;
  const moved = await db.transaction(async (tx) => {
    if (!(await moveFulfilment(tx, voucherId, "Dispatched", { fulfilmentStatus: "Delivered" }))) return false;
    await addVoucherEvent(tx, { voucherId, status: "Delivered", note: null, createdAt: now });
    return true;
  });
  if (!moved) throw conflict(FULFILMENT_MESSAGES.notDispatched);
  return current(db, merchantId, voucherId);
}

/**
 * The returned item has arrived: Returned to the Merchant, and the shopper refunded once, to
 * the original payment method (what wallet credit paid goes back to the wallet; a guest paid
 * with none). Of two calls at once only one moves the voucher on (a conditional update from the
 * status it was read in, under the order's lock) and the refund is unique per voucher; a repeat
 * answers the voucher as it stands, and finishes the refund if a crash cut the first call short
 * (the provider answers a refund it made already).
 */
export async function receiveReturn(
  deps: RefundDeps,
  merchantId: number,
  ref: MerchantVoucherRef,
): Promise<MerchantVoucher> {
  const { db } = deps;
  const owned = await ownVoucher(db, merchantId, ref);
  const voucherId = owned.id;
  const customerId = owned.customerId;
  const voucher = customerId === null ? undefined : await findCustomerVoucher(db, customerId, voucherId);
  const problem = receiveReturnProblem({
    status: owned.status as VoucherStatus,
    fulfilmentStatus: owned.fulfilmentStatus as FulfilmentStatus | null,
    guest: owned.ownerStatus === "guest",
  });
  if (problem || !voucher || customerId === null) {
    const earlier = await refundOfVoucher(db, voucherId);
    if (!earlier) throw conflict(problem ?? FULFILMENT_MESSAGES.notInTransit);
    await finishOriginalRefund(deps, earlier);
    return current(db, merchantId, voucherId);
  }
  const now = deps.clock();
  const refund = await db.transaction(async (tx) => {
    const money = await lockOrderMoney(tx, voucher.orderId);
    if (!(await moveVoucherStatus(tx, voucherId, owned.status as VoucherStatus, "Returned to the Merchant")))
      return null;
    await addVoucherEvent(tx, { voucherId, status: "Returned to the Merchant", note: null, createdAt: now });
    const row = await recordRefund(
      tx,
      voucher,
      {
        customerId,
        idempotencyKey: `return-${voucherId}`,
        reason: RETURN_REFUND_REASON,
        destination: "original",
      },
      money,
      now,
    );
    if (row.originalMinor === 0) await markRefunded(tx, row, now);
    return row;
  });
  const toFinish = refund ?? (await refundOfVoucher(db, voucherId));
  if (!toFinish) throw conflict(FULFILMENT_MESSAGES.notInTransit);
  await finishOriginalRefund(deps, toFinish);
  return current(db, merchantId, voucherId);
}
