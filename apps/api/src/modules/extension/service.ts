/**
 * Extending a voucher (product.md page type extendLanding, §5 "A product order id is required
 * for extension"): the landing page reads the offer; starting it puts the extension in the
 * customer's basket, paid through checkout like any order (idempotency, payment, reconciliation
 * and the one-extension guard are the order's: orders/service.ts, extension/taking.ts).
 */
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { EXTENSION_MESSAGES } from "@deals/domain/voucher-extension";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { putExtension } from "../basket/service.ts";
import { findCustomerVoucher } from "../vouchers/queries.ts";
import { voucherNotFound } from "../vouchers/service.ts";
import { voucherExtension } from "./offer.ts";
import type { ExtensionOfferView, ExtensionRequest, ExtensionStarted } from "./schemas.ts";

export interface ExtensionContext {
  db: Db;
  brand: Brand;
  customer: Customer;
  now: Date;
}

async function offerOf(ctx: ExtensionContext, request: ExtensionRequest) {
  if (!request.productOrderId) {
    throw new ApiError(400, "PRODUCT_ORDER_ID_REQUIRED", EXTENSION_MESSAGES.productOrderIdRequired);
  }
  const voucher = await findCustomerVoucher(ctx.db, ctx.customer.id, request.voucherId);
  // Another customer's voucher, another site's, or not of this order: not found, as none.
  if (
    !voucher ||
    voucher.brandId !== ctx.brand.id ||
    voucher.orderReference !== request.productOrderId.toUpperCase()
  ) {
    throw voucherNotFound();
  }
  return voucherExtension(voucher, ctx.now);
}

function toView(extension: ReturnType<typeof voucherExtension>): ExtensionOfferView {
  const { voucher } = extension;
  return {
    voucherId: voucher.id,
    code: voucher.code,
    productOrderId: voucher.orderReference,
    title: voucher.title,
    dealHeadline: voucher.dealHeadline,
    merchantName: voucher.merchantName,
    currency: voucher.currency,
    expiresAt: voucher.expiresAt.toISOString(),
    fee: extension.feeMinor,
    newExpiresAt: extension.newExpiresAt.toISOString(),
    available: extension.problem === undefined,
    reason: extension.problem ?? null,
  };
}

export async function extensionOffer(ctx: ExtensionContext, request: ExtensionRequest) {
  return toView(await offerOf(ctx, request));
}

/** Puts the extension in the customer's basket, to pay at checkout. */
export async function startExtension(
  ctx: ExtensionContext,
  request: ExtensionRequest,
): Promise<ExtensionStarted> {
  const extension = await offerOf(ctx, request);
  if (extension.problem) throw new ApiError(422, "EXTENSION_UNAVAILABLE", extension.problem);
  const basketToken = await putExtension(ctx, ctx.customer, extension.voucher.id);
  return { basketToken, offer: toView(extension) };
}
