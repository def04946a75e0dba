/**
 * What extending one of the customer's vouchers costs and gives (product.md page type
 * extendLanding; @deals/domain/voucher-extension holds the rule): read by the landing page,
 * and by checkout to price an EXT addon the same way.
 */
import type { Db, DbTransaction } from "@deals/db";
import type { Currency } from "@deals/domain/brand";
import type { VoucherStatus } from "@deals/domain/voucher";
import { extensionProblem, extensionTerms } from "@deals/domain/voucher-extension";
import type { ExtensionOffer } from "../checkout/pricing.ts";
import { findCustomerVoucher, type ShopperVoucherRow } from "../vouchers/queries.ts";

export interface VoucherExtension {
  voucher: ShopperVoucherRow;
  /** Why it cannot be extended now; undefined when it can. */
  problem: string | undefined;
  feeMinor: number;
  newExpiresAt: Date;
}

export function voucherExtension(voucher: ShopperVoucherRow, now: Date): VoucherExtension {
  const terms = extensionTerms(
    {
      paidMinor: voucher.unitPriceMinor,
      currency: voucher.currency as Currency,
      expiresAt: voucher.expiresAt,
    },
    now,
  );
  const problem = extensionProblem(
    {
      status: voucher.status as VoucherStatus,
      expiresAt: voucher.expiresAt,
      extended: voucher.extensionOrderId !== null,
    },
    now,
  );
  return { voucher, problem, ...terms };
}

/** The basket line's name: the deal and the voucher, so two extensions are told apart. */
export const extensionName = (voucher: Pick<ShopperVoucherRow, "dealHeadline" | "code">) =>
  `Validity extension: ${voucher.dealHeadline} (voucher ${voucher.code})`;

/** The customer's vouchers of this site among `voucherIds` that can be extended now, priced. */
export async function extensionOffers(
  db: Db | DbTransaction,
  customer: { id: number; brandId: string },
  voucherIds: readonly number[],
  now: Date,
): Promise<Map<number, ExtensionOffer>> {
  const offers = new Map<number, ExtensionOffer>();
  for (const voucherId of voucherIds) {
    const voucher = await findCustomerVoucher(db, customer.id, voucherId);
    if (!voucher || voucher.brandId !== customer.brandId) continue;
    const extension = voucherExtension(voucher, now);
    if (extension.problem) continue;
    offers.set(voucherId, { voucherId, name: extensionName(voucher), feeMinor: extension.feeMinor });
  }
  return offers;
}
