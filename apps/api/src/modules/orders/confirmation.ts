/**
 * The order confirmation (product.md §3 "Order confirmation"): productOrder id, currency, card
 * type, wallet credit used and quantity, with the full summary and the vouchers issued.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@deals/db";
import type { VoucherStatus } from "@deals/domain/voucher";
import {
  findOrder,
  linesOf,
  type OrderLineRow,
  type OrderRow,
  type VoucherRow,
  vouchersOfOrder,
} from "./queries.ts";
import type { OrderConfirmation } from "./schemas.ts";
import { ORDER_MESSAGES } from "./service.ts";

const PAYMENT_STATE = { pending: "making payment", paid: "successful", failed: "failed" } as const;

function messageOf(order: OrderRow): string {
  if (order.status === "paid") return ORDER_MESSAGES.successful;
  if (order.status === "failed") return order.failureMessage ?? "The payment failed.";
  return ORDER_MESSAGES.makingPayment;
}

export async function orderConfirmation(db: Db, order: OrderRow): Promise<OrderConfirmation> {
  return toConfirmation(order, await linesOf(db, order.id), await vouchersOfOrder(db, order.id));
}

export function toConfirmation(
  order: OrderRow,
  lines: readonly OrderLineRow[],
  vouchers: readonly VoucherRow[],
): OrderConfirmation {
  const wallet = order.walletMarketingMinor + order.walletRefundableMinor;
  return {
    productOrder: { id: order.id, reference: order.reference },
    status: order.status,
    payment: PAYMENT_STATE[order.status],
    message: messageOf(order),
    currency: order.currency,
    cardType: order.cardType,
    paymentMethod: order.paymentMethod,
    walletAmountUsed: wallet,
    quantity: lines.filter((l) => l.productId !== null).reduce((sum, l) => sum + l.quantity, 0),
    orderSummary: {
      currency: order.currency,
      items: order.itemsMinor,
      adminFees: order.adminFeesMinor,
      postage: order.postageMinor,
      giftPacks: order.giftPacksMinor,
      giftWrap: order.giftWrapMinor,
      vipMembership: order.vipMembershipMinor,
      voucherProtection: order.voucherProtectionMinor,
      extension: order.extensionMinor,
      discount: order.discountMinor,
      wallet,
      totalOrderAmount: order.totalMinor,
    },
    lines: lines.map((l) => ({
      title: l.title,
      dealId: l.dealId,
      productId: l.productId,
      quantity: l.quantity,
      unitPrice: l.unitPriceMinor,
      total: l.totalMinor,
      balanceToMerchant: l.balanceToMerchantMinor * l.quantity,
    })),
    vouchers: vouchers.map((v) => ({
      code: v.code,
      title: lines.find((l) => l.id === v.orderLineId)?.title ?? "",
      status: v.status as VoucherStatus,
      dealId: v.dealId,
      productId: v.productId,
      expiresAt: v.expiresAt.toISOString(),
    })),
    createdAt: order.createdAt.toISOString(),
  };
}

/** How long a duplicate request waits for the first one's payment to settle. */
const SETTLE_WAIT_MS = 15_000;
const SETTLE_POLL_MS = 50;

/**
 * The order once it has left "pending" (a concurrent duplicate request may still be paying),
 * or as it stands after the wait: the shopper then sees "making payment".
 */
export async function settledOrder(db: Db, orderId: number): Promise<OrderRow> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  let order = (await findOrder(db, orderId))!;
  while (order.status === "pending" && Date.now() < deadline) {
    await sleep(SETTLE_POLL_MS);
    order = (await findOrder(db, orderId))!;
  }
  return order;
}
