/**
 * The signed-in customer's vouchers for /myaccount/vouchers (product.md §2 "my vouchers with
 * status timeline", §3 "Voucher", §4 "Voucher statuses"; services.md §9 "Voucher list page
 * sizes: 10 and 20"): newest first, each named by its deal and merchant, with its timeline,
 * protection banner, fulfilment, and what the shopper can still do with it.
 */
import type { Db } from "@deals/db";
import {
  type FulfilmentStatus,
  markUsedProblem,
  protectedVoucherBanner,
  RETURN_MESSAGES,
  redemptionInstructions,
  returnProblem,
  VOUCHER_STATUS_NOTES,
  type VoucherStatus,
} from "@deals/domain/voucher";
import { extensionProblem } from "@deals/domain/voucher-extension";
import { refundReasonProblem, selfRefundEligibility } from "@deals/domain/voucher-refund";
import QRCode from "qrcode";
import { ApiError } from "../../errors.ts";
import {
  addVoucherEvent,
  eventsOf,
  findCustomerVoucher,
  listCustomerVouchers,
  moveVoucherStatus,
  printDetails,
  type ShopperVoucherRow,
} from "./queries.ts";
import type { PrintableVoucher, Voucher, VoucherList, VoucherQuery } from "./schemas.ts";

/** Every voucher starts ready to use (product.md §4 "Voucher statuses"). */
export const VOUCHER_STATUS_ON_ISSUE: VoucherStatus = "Ready to Redeem";

/** How long a voucher can be redeemed: the seed's deals promise "Valid for 3 months" (ours). */
export const VOUCHER_VALIDITY_DAYS = 90;

export function voucherExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + VOUCHER_VALIDITY_DAYS * 86_400_000);
}

export const VOUCHER_NOT_FOUND = "There is no such voucher in your account.";

export const voucherNotFound = () => new ApiError(404, "VOUCHER_NOT_FOUND", VOUCHER_NOT_FOUND);

type Event = Awaited<ReturnType<typeof eventsOf>>[number];

export function toVoucher(row: ShopperVoucherRow, events: readonly Event[], now: Date): Voucher {
  const status = row.status as VoucherStatus;
  const state = { status, expiresAt: row.expiresAt };
  const refund = selfRefundEligibility(
    { ...state, protected: row.protected, purchasedAt: row.createdAt },
    now,
  );
  return {
    id: row.id,
    code: row.code,
    status,
    statusNote: VOUCHER_STATUS_NOTES[status] ?? null,
    orderReference: row.orderReference,
    dealId: row.dealId,
    productId: row.productId,
    title: row.title,
    dealHeadline: row.dealHeadline,
    merchantName: row.merchantName,
    currency: row.currency,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    protected: row.protected,
    banner: row.protected ? (protectedVoucherBanner(state, now) ?? null) : null,
    fulfilment:
      row.dealType === "product"
        ? {
            // A shop order is being prepared until the merchant says it left.
            status: (row.fulfilmentStatus ?? "Processing Order") as FulfilmentStatus,
            courier: row.courier,
            deliveryEstimate: row.deliveryEstimate?.toISOString() ?? null,
            trackingNumber: row.showTrackingToCustomer ? row.trackingNumber : null,
          }
        : null,
    deposit: row.balanceToMerchantMinor > 0 ? { balanceDue: row.balanceToMerchantMinor } : null,
    timeline: events
      .filter((e) => e.voucherId === row.id)
      .map((e) => ({ status: e.status, note: e.note, at: e.createdAt.toISOString() })),
    canMarkUsed: markUsedProblem(state, true, now) === undefined,
    canReturn: returnProblem({ ...state, dealType: row.dealType }, now) === undefined,
    canExtend: extensionProblem({ ...state, extended: row.extensionOrderId !== null }, now) === undefined,
    refund: refund.eligible ? { available: true, reason: null } : { available: false, reason: refund.reason },
  };
}

export async function listVouchers(
  db: Db,
  customerId: number,
  query: VoucherQuery,
  now: Date,
): Promise<VoucherList> {
  const { rows, count } = await listCustomerVouchers(db, customerId, query);
  const events = await eventsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    vouchers: rows.map((row) => toVoucher(row, events, now)),
    count,
    page: query.page,
    pageSize: query.pageSize,
    status: query.status ?? null,
  };
}

export async function customerVoucher(
  db: Db,
  customerId: number,
  voucherId: number,
  now: Date,
): Promise<Voucher> {
  const row = await findCustomerVoucher(db, customerId, voucherId);
  if (!row) throw voucherNotFound();
  return toVoucher(row, await eventsOf(db, [row.id]), now);
}

export async function printableVoucher(
  db: Db,
  customerId: number,
  voucherId: number,
  now: Date,
): Promise<PrintableVoucher> {
  const row = await findCustomerVoucher(db, customerId, voucherId);
  if (!row) throw voucherNotFound();
  const details = await printDetails(db, row.dealId);
  return {
    ...toVoucher(row, await eventsOf(db, [row.id]), now),
    dealTitle: details.dealTitle,
    merchantWebsite: details.website,
    addresses: [details.mainAddress, ...details.otherAddresses]
      .filter((a) => a !== null)
      .map(({ addressLine1, addressLine2, town, postCode }) => ({
        addressLine1,
        ...(addressLine2 ? { addressLine2 } : {}),
        town,
        postCode,
      })),
    redemptionInstructions: redemptionInstructions({ dealType: row.dealType, ...details }),
    finePrint: details.finePrint,
    qrSvg: await QRCode.toString(row.code, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  };
}

/**
 * "I've used this voucher" (product.md §4 "Redeemed"): once confirmed, the voucher moves from
 * Ready to Redeem to Redeemed, once; a repeat finds it already redeemed and changes nothing.
 */
export async function markVoucherUsed(
  db: Db,
  customerId: number,
  voucherId: number,
  confirmed: boolean,
  now: Date,
): Promise<Voucher> {
  const row = await findCustomerVoucher(db, customerId, voucherId);
  if (!row) throw voucherNotFound();
  const problem = markUsedProblem(
    { status: row.status as VoucherStatus, expiresAt: row.expiresAt },
    confirmed,
    now,
  );
  if (problem === undefined) {
    await db.transaction(async (tx) => {
      if (await moveVoucherStatus(tx, row.id, "Ready to Redeem", "Redeemed", now)) {
        await addVoucherEvent(tx, { voucherId: row.id, status: "Redeemed", createdAt: now });
      }
    });
  } else if (row.status !== "Redeemed") {
    throw new ApiError(
      confirmed ? 422 : 400,
      confirmed ? "VOUCHER_NOT_READY" : "CONFIRMATION_REQUIRED",
      problem,
    );
  }
  return customerVoucher(db, customerId, voucherId, now);
}

/** Moves a voucher one step if it is in `from`, with the step in its timeline; false if not. */
async function step(
  db: Db,
  voucherId: number,
  from: VoucherStatus,
  to: VoucherStatus,
  note: string | null,
  now: Date,
) {
  return db.transaction(async (tx) => {
    if (!(await moveVoucherStatus(tx, voucherId, from, to))) return false;
    await addVoucherEvent(tx, { voucherId, status: to, note, createdAt: now });
    return true;
  });
}

/** A shop item's return asked for (product.md §4 "Return Requested"), with its reason. */
export async function requestReturn(
  db: Db,
  customerId: number,
  body: { voucherId: number; reason?: string | undefined },
  now: Date,
): Promise<Voucher> {
  const row = await findCustomerVoucher(db, customerId, body.voucherId);
  if (!row) throw voucherNotFound();
  const reason = refundReasonProblem(body.reason);
  if (reason) throw new ApiError(400, "RETURN_REASON_REQUIRED", reason);
  const problem = returnProblem(
    { status: row.status as VoucherStatus, expiresAt: row.expiresAt, dealType: row.dealType },
    now,
  );
  if (problem || !(await step(db, row.id, "Ready to Redeem", "Return Requested", body.reason!, now))) {
    throw new ApiError(422, "RETURN_UNAVAILABLE", problem ?? RETURN_MESSAGES.notReturnable);
  }
  return customerVoucher(db, customerId, row.id, now);
}

/** The shopper has posted the item back (product.md §4 "Return in Transit"). */
export async function returnSent(db: Db, customerId: number, voucherId: number, now: Date): Promise<Voucher> {
  const row = await findCustomerVoucher(db, customerId, voucherId);
  if (!row) throw voucherNotFound();
  if (
    row.status !== "Return in Transit" &&
    !(await step(db, row.id, "Return Requested", "Return in Transit", null, now))
  ) {
    throw new ApiError(422, "RETURN_NOT_REQUESTED", "Ask to return this item first");
  }
  return customerVoucher(db, customerId, row.id, now);
}
