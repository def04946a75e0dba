/**
 * The order summary as the basket, checkout and confirmation pages show it: always the full
 * price, every charge the order has named (items, admin fees, postage, gift packs, wrap, VIP
 * membership, voucher protection, voucher extension), then what comes off (discount, wallet credit) and the
 * total, in the brand's currency.
 */
import type { Currency } from "@deals/domain/brand";
import { DELIVERY_OPTION_NAMES, type DeliveryOptionType } from "@deals/domain/delivery";
import { formatMoney } from "@deals/domain/money";
import { fullPrice } from "@deals/domain/price-display";
import type { CheckoutData, CheckoutProduct } from "./basket-api.ts";

export type OrderSummaryAmounts = CheckoutData["orderSummary"];

export interface SummaryRow {
  key: keyof OrderSummaryAmounts;
  label: string;
  /** Formatted; what comes off is shown with a minus sign. */
  amount: string;
  kind: "charge" | "deduction" | "total";
}

const CHARGES = [
  ["items", "Items"],
  ["adminFees", "Admin fees"],
  ["postage", "Postage"],
  ["giftPacks", "Gift packs"],
  ["giftWrap", "Gift wrap"],
  ["vipMembership", "VIP membership"],
] as const;
const DEDUCTIONS = [
  ["discount", "Discount"],
  ["wallet", "Wallet credit"],
] as const;

/**
 * Items and the total always; every other charge and deduction only when the order has it (a
 * £0 row for a fee that does not apply says nothing and looks like a fee), and postage
 * whenever something is delivered.
 */
export function orderSummaryRows(summary: OrderSummaryAmounts, { delivered = false } = {}): SummaryRow[] {
  const money = (minor: number) => formatMoney(minor, summary.currency);
  // Postage applies to a delivered order even when it is free.
  const applies = (key: keyof OrderSummaryAmounts) =>
    key === "items" || summary[key] !== 0 || (key === "postage" && delivered);
  const rows: SummaryRow[] = [
    ...CHARGES,
    ["voucherProtection", "Voucher protection"] as const,
    ["extension", "Voucher extension"] as const,
  ]
    .filter(([key]) => applies(key))
    .map(([key, label]) => ({ key, label, amount: money(summary[key]), kind: "charge" }));
  for (const [key, label] of DEDUCTIONS.filter(([key]) => applies(key))) {
    rows.push({ key, label, amount: money(-summary[key]), kind: "deduction" });
  }
  rows.push({
    key: "totalOrderAmount",
    label: "Total",
    amount: money(summary.totalOrderAmount),
    kind: "total",
  });
  return rows;
}

/** Whether any line of the basket is delivered (its postage then applies, free or not). */
export function hasDelivery(checkout: Pick<CheckoutData, "deals">): boolean {
  return checkout.deals.some((deal) => deal.products.some((p) => p.deliveryOptionType === "delivery"));
}

export interface LinePriceView {
  /** One unit: its price and admin fee together ("£30.99"). */
  each: string;
  /** "£29", then "£1.99 admin fee" when there is one. */
  eachParts: string[];
  /** The line's postage (charged once per line), when it has some. */
  postage: string | null;
  /** What comes off the line (promo code), when anything does. */
  discount: string | null;
  /** Units × each, plus postage, less the discount. */
  total: string;
}

/** A basket line spelt out as the deal page does: nothing left for checkout to reveal. */
export function linePriceView(product: CheckoutProduct, currency: Currency): LinePriceView {
  const money = (minor: number) => formatMoney(minor, currency);
  const eachParts = [money(product.unitPrice)];
  if (product.adminFee > 0) eachParts.push(`${money(product.adminFee)} admin fee`);
  return {
    each: money(fullPrice({ price: product.unitPrice, adminFee: product.adminFee })),
    eachParts,
    postage: product.postage > 0 ? money(product.postage) : null,
    discount: product.discount > 0 ? money(-product.discount) : null,
    total: money(product.lineTotal),
  };
}

export interface DeliveryOptionView {
  type: DeliveryOptionType;
  /** "Click and collect: free", "Delivery: £3.99 postage". */
  label: string;
  chosen: boolean;
}

/** A line's delivery choices (productDeliveryOptions), each with the postage it adds to the line. */
export function deliveryOptionViews(product: CheckoutProduct, currency: Currency): DeliveryOptionView[] {
  return product.productDeliveryOptions.map(({ deliveryOptionType, postage }) => ({
    type: deliveryOptionType,
    label: `${DELIVERY_OPTION_NAMES[deliveryOptionType]}: ${postage > 0 ? `${formatMoney(postage, currency)} postage` : "free"}`,
    chosen: product.deliveryOptionType === deliveryOptionType,
  }));
}
