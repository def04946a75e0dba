/**
 * Gift type switching over basket lines (product.md §4, services.md §4 "Gift type switching").
 *
 * A gifted item line may carry a gift pack or gift wrap. Packs and wrap are basket lines of
 * their own, one per pack or wrap product, shared by every item that uses it: a pack or wrap
 * line's quantity always equals the total quantity of the items it goes with. Every change
 * below keeps that true by setting the affected pack and wrap lines to their target
 * quantity, and removing a line whose target is 0 or less.
 */
import { GIFT_MESSAGE_MAX_LENGTH } from "./constants.ts";

export const GIFT_TYPES = ["none", "e-gift", "gift", "ndd-gpk", "std-gpk", "wrapped"] as const;
export type GiftType = (typeof GIFT_TYPES)[number];

/** Next-day and standard-delivery gift packs. */
export type GiftPackType = "ndd-gpk" | "std-gpk";

export const GIFT_PACK_ADDED_TOAST = "Gift Pack Added";
export const GIFT_WRAP_ADDED_TOAST = "Gift Wrap Added";
export const GIFT_NOT_ALLOWED_MESSAGE = "This product cannot be sent as a gift.";

export interface GiftProductRef {
  dealId: number;
  productId: number;
}

/** The pack and wrap products on offer (checkout data giftPackPreset and giftWrapPreset). */
export interface GiftPresets {
  nddGiftPack?: GiftProductRef;
  stdGiftPack?: GiftProductRef;
  giftWrap?: GiftProductRef;
}

export interface GiftingData {
  type: GiftType;
  gift: boolean;
  /** The pack product used, for the two gift-pack types. */
  giftPackProductId?: number;
}

export interface GiftBasketLine {
  id: string;
  dealId: number;
  dealProductId: number;
  quantity: number;
  /** The product's admin fee in minor units; only a product with one can be a gift. */
  adminFee?: number;
  gifting?: GiftingData;
  /** This line is a gift pack. */
  giftPack?: boolean;
  /** This line is the gift wrap. */
  giftWrap?: boolean;
}

export interface CartRemoveItemEvent {
  name: "cart_remove_item";
  dealId: number;
  productId: number;
  quantity: number;
}

export type BasketChange =
  | { ok: true; lines: GiftBasketLine[]; toasts: string[]; events: CartRemoveItemEvent[] }
  | { ok: false; reason: string };

export function isGiftPackType(type: GiftType | undefined): type is GiftPackType {
  return type === "ndd-gpk" || type === "std-gpk";
}

function isAccessory(line: GiftBasketLine): boolean {
  return line.giftPack === true || line.giftWrap === true;
}

/** A gift is limited to a product with an adminFee (product.md §5 "Cart guards"). */
export function canBeGifted(line: Pick<GiftBasketLine, "adminFee">): boolean {
  return typeof line.adminFee === "number" && line.adminFee > 0;
}

/** Characters left for a gift message; negative once the message is too long. */
export function giftMessageCharactersRemaining(message: string, maxLength = GIFT_MESSAGE_MAX_LENGTH): number {
  // Count code points so an emoji costs one character, as the shopper sees it.
  return maxLength - [...message].length;
}

function giftingFor(type: GiftType, packProductId: number | undefined): GiftingData | undefined {
  if (type === "none") return undefined;
  if (isGiftPackType(type)) return { type, gift: true, giftPackProductId: packProductId };
  return { type, gift: true };
}

function packPreset(type: GiftPackType, presets: GiftPresets): GiftProductRef | undefined {
  return type === "ndd-gpk" ? presets.nddGiftPack : presets.stdGiftPack;
}

/** Total quantity of the item lines a pack product goes with. */
function packTarget(lines: GiftBasketLine[], productId: number): number {
  return lines
    .filter((l) => !isAccessory(l) && isGiftPackType(l.gifting?.type))
    .filter((l) => l.gifting?.giftPackProductId === productId)
    .reduce((sum, l) => sum + l.quantity, 0);
}

function wrapTarget(lines: GiftBasketLine[]): number {
  return lines
    .filter((l) => !isAccessory(l) && l.gifting?.type === "wrapped")
    .reduce((sum, l) => sum + l.quantity, 0);
}

function newAccessoryLine(kind: "pack" | "wrap", ref: GiftProductRef, quantity: number): GiftBasketLine {
  // One pack or wrap line per product, so the product id makes a stable line id.
  const line = {
    id: `gift-${kind}-${ref.productId}`,
    dealId: ref.dealId,
    dealProductId: ref.productId,
    quantity,
  };
  return kind === "pack" ? { ...line, giftPack: true } : { ...line, giftWrap: true };
}

/**
 * Sets the pack or wrap line picked by `matches` to `target`: removed at 0 or less, created
 * from `ref` when missing. Reports whether a line was created.
 */
function syncAccessory(
  lines: GiftBasketLine[],
  kind: "pack" | "wrap",
  matches: (line: GiftBasketLine) => boolean,
  target: number,
  ref: GiftProductRef | undefined,
): { lines: GiftBasketLine[]; created: boolean } {
  if (target <= 0) return { lines: lines.filter((l) => !matches(l)), created: false };
  const existing = lines.find(matches);
  if (existing) {
    return { lines: lines.map((l) => (l === existing ? { ...l, quantity: target } : l)), created: false };
  }
  if (!ref) return { lines, created: false };
  return { lines: [...lines, newAccessoryLine(kind, ref, target)], created: true };
}

function syncPack(lines: GiftBasketLine[], productId: number, ref?: GiftProductRef) {
  const matches = (l: GiftBasketLine) => l.giftPack === true && l.dealProductId === productId;
  return syncAccessory(lines, "pack", matches, packTarget(lines, productId), ref);
}

function syncWrap(lines: GiftBasketLine[], ref?: GiftProductRef) {
  return syncAccessory(lines, "wrap", (l) => l.giftWrap === true, wrapTarget(lines), ref);
}

/** Brings the pack and wrap lines an item used before a change in line with the basket. */
function syncAfterItemChange(lines: GiftBasketLine[], before: GiftBasketLine): GiftBasketLine[] {
  let next = lines;
  const packId = before.gifting?.giftPackProductId;
  if (isGiftPackType(before.gifting?.type) && packId !== undefined) next = syncPack(next, packId).lines;
  if (before.gifting?.type === "wrapped") next = syncWrap(next).lines;
  return next;
}

function findItem(lines: GiftBasketLine[], lineId: string): GiftBasketLine | string {
  const line = lines.find((l) => l.id === lineId);
  if (!line) return "This item is no longer in your basket.";
  if (isAccessory(line)) return "Change the gift option of the item to change its gift pack or wrap.";
  return line;
}

/**
 * Switches one item line to another gift type. To none: any pack or wrap goes and the gifting
 * data is cleared. To e-gift or gift: pack and wrap go. To a gift pack: the previous pack goes,
 * the new pack product is added or its quantity raised ("Gift Pack Added"), wrap goes. To
 * wrapped: the wrap line is added or updated to match the quantity ("Gift Wrap Added" when new).
 */
export function switchGiftType(
  lines: GiftBasketLine[],
  lineId: string,
  target: GiftType,
  presets: GiftPresets,
): BasketChange {
  const line = findItem(lines, lineId);
  if (typeof line === "string") return { ok: false, reason: line };
  if (target !== "none" && !canBeGifted(line)) return { ok: false, reason: GIFT_NOT_ALLOWED_MESSAGE };

  const pack = isGiftPackType(target) ? packPreset(target, presets) : undefined;
  if (isGiftPackType(target) && !pack) return { ok: false, reason: "This gift pack is not available." };
  if (target === "wrapped" && !presets.giftWrap) return { ok: false, reason: "Gift wrap is not available." };

  const { gifting: _previous, ...rest } = line;
  const gifting = giftingFor(target, pack?.productId);
  const switched: GiftBasketLine = gifting ? { ...rest, gifting } : rest;
  let next = syncAfterItemChange(
    lines.map((l) => (l === line ? switched : l)),
    line,
  );

  const toasts: string[] = [];
  if (pack) {
    next = syncPack(next, pack.productId, pack).lines;
    toasts.push(GIFT_PACK_ADDED_TOAST);
  }
  if (target === "wrapped") {
    const wrap = syncWrap(next, presets.giftWrap);
    next = wrap.lines;
    if (wrap.created) toasts.push(GIFT_WRAP_ADDED_TOAST);
  }
  return { ok: true, lines: next, toasts, events: [] };
}

/** Removes an item line; its pack and wrap lines are reduced and cart_remove_item is fired. */
export function removeBasketLine(lines: GiftBasketLine[], lineId: string): BasketChange {
  const line = findItem(lines, lineId);
  if (typeof line === "string") return { ok: false, reason: line };
  const next = syncAfterItemChange(
    lines.filter((l) => l !== line),
    line,
  );
  const event: CartRemoveItemEvent = {
    name: "cart_remove_item",
    dealId: line.dealId,
    productId: line.dealProductId,
    quantity: line.quantity,
  };
  return { ok: true, lines: next, toasts: [], events: [event] };
}

/** Changes an item line's quantity, its pack and wrap following; 0 or less removes the line. */
export function changeLineQuantity(lines: GiftBasketLine[], lineId: string, quantity: number): BasketChange {
  if (!Number.isInteger(quantity)) return { ok: false, reason: "Quantity must be a whole number." };
  if (quantity <= 0) return removeBasketLine(lines, lineId);
  const line = findItem(lines, lineId);
  if (typeof line === "string") return { ok: false, reason: line };
  const next = syncAfterItemChange(
    lines.map((l) => (l === line ? { ...l, quantity } : l)),
    line,
  );
  return { ok: true, lines: next, toasts: [], events: [] };
}
