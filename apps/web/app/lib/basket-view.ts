/**
 * The basket page's optimistic view: the lines the server last confirmed, with the quantity
 * changes and removals still on their way applied on top, in order, by the same gifting rules
 * the basket uses (a pack or wrap line follows its items: product.md §4 "Gift type switching",
 * "Basket"). A change that fails is no longer pending, so the view rolls back to the server's.
 */
import {
  changeLineQuantity,
  type GiftBasketLine,
  type GiftingData,
  type GiftType,
  isGiftPackType,
  removeBasketLine,
} from "@deals/domain/gifting";
import type { CheckoutData } from "./basket-api.ts";

export type BasketLineChange =
  | { kind: "quantity"; lineId: string; quantity: number }
  | { kind: "remove"; lineId: string };

/** The reducer: one change applied as the basket will apply it; a refused change changes nothing. */
export function applyBasketChange(lines: GiftBasketLine[], change: BasketLineChange): GiftBasketLine[] {
  const result =
    change.kind === "remove"
      ? removeBasketLine(lines, change.lineId)
      : changeLineQuantity(lines, change.lineId, change.quantity);
  return result.ok ? result.lines : lines;
}

export function optimisticLines(
  confirmed: GiftBasketLine[],
  pending: readonly BasketLineChange[],
): GiftBasketLine[] {
  return pending.reduce(applyBasketChange, confirmed);
}

/** Units of deal products: what the header's basket count shows (packs and wrap do not count). */
export function basketUnits(lines: readonly GiftBasketLine[]): number {
  return lines.filter((l) => !l.giftPack && !l.giftWrap).reduce((sum, l) => sum + l.quantity, 0);
}

/** The change a quantity or remove form asks for, or null for any other form. */
export function changeFromForm(form: FormData | undefined): BasketLineChange | null {
  const intent = form?.get("intent");
  const lineId = form?.get("lineId");
  if (typeof lineId !== "string" || lineId === "") return null;
  if (intent === "remove") return { kind: "remove", lineId };
  const quantity = Number(form?.get("quantity"));
  if (intent === "quantity" && Number.isInteger(quantity)) return { kind: "quantity", lineId, quantity };
  return null;
}

function giftingOf(type: GiftType, presets: CheckoutData["giftPackPreset"]): GiftingData | undefined {
  if (type === "none") return undefined;
  if (!isGiftPackType(type)) return { type, gift: true };
  const pack = type === "ndd-gpk" ? presets.nddGiftPack : presets.stdGiftPack;
  return { type, gift: true, giftPackProductId: pack.productId };
}

/** The basket's lines in the gifting rules' shape, from the checkout data. */
export function basketLinesOf(checkout: CheckoutData): GiftBasketLine[] {
  const items = checkout.deals.flatMap((deal) =>
    deal.products.map((product): GiftBasketLine => {
      const gifting = giftingOf(product.giftType, checkout.giftPackPreset);
      return {
        id: product.id,
        dealId: deal.dealId,
        dealProductId: product.productId,
        quantity: product.quantity,
        adminFee: product.adminFee,
        ...(gifting ? { gifting } : {}),
      };
    }),
  );
  const wrap = checkout.giftWrapPreset;
  const extras = checkout.giftExtras.map((extra): GiftBasketLine => {
    const isWrap = extra.productId === wrap.productId;
    return {
      id: extra.id,
      dealId: wrap.dealId,
      dealProductId: extra.productId,
      quantity: extra.quantity,
      ...(isWrap ? { giftWrap: true } : { giftPack: true }),
    };
  });
  return [...items, ...extras];
}
