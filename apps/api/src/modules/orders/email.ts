/**
 * The order confirmation email, written to the outbox in the transaction that marks the
 * order paid: it goes out exactly when the order exists. Lists what was bought, the total
 * and every voucher code.
 */
import type { Brand } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { escapeHtml } from "../email/templates.ts";
import type { OrderLineRow, OrderRow, VoucherRow } from "./queries.ts";

export const ORDER_CONFIRMATION_TEMPLATE = "order-confirmation";

export function orderConfirmationEmail(
  brand: Brand,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  vouchers: readonly Pick<VoucherRow, "code">[],
) {
  const money = (minor: number) => formatMoney(minor, order.currency);
  const subject = `Your ${brand.name} order ${order.reference} is confirmed`;
  const items = lines.map((l) => `${l.quantity} × ${l.title}: ${money(l.totalMinor)}`);
  const codes = vouchers.map((v) => v.code);
  const paragraphs = [
    `Thank you for your order ${order.reference}.`,
    ...items,
    `Total paid: ${money(order.totalMinor)}${order.walletMarketingMinor + order.walletRefundableMinor > 0 ? ` (wallet credit used: ${money(order.walletMarketingMinor + order.walletRefundableMinor)})` : ""}`,
    ...(codes.length > 0
      ? [`Your voucher codes: ${codes.join(", ")}`, "Find them any time in My Vouchers."]
      : []),
    `The ${brand.name} team`,
  ];
  return {
    to: order.email,
    template: ORDER_CONFIRMATION_TEMPLATE,
    subject,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
    brandId: brand.id,
    userId: order.customerId,
  };
}
