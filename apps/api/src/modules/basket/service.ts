/**
 * The basket (services.md §7.3; product.md §4 "Basket", "Gift type switching"). Every change
 * runs in one transaction holding the basket's row lock, applies the gifting and quantity
 * rules from the rules package, and stores the lines whole. A basket linked to a customer is
 * theirs alone: anyone else gets the same 404 as for a basket that does not exist.
 */
import type { Db, DbTransaction } from "@deals/db";
import type { BasketAddonRecord, BasketLineRecord } from "@deals/db/schema/commerce";
import type { Brand } from "@deals/domain/brand";
import { deliveryOptionsFor } from "@deals/domain/delivery";
import {
  type BasketChange,
  type CartRemoveItemEvent,
  changeLineQuantity,
  type GiftBasketLine,
  type GiftType,
  giftMessageCharactersRemaining,
  removeBasketLine,
  switchGiftType,
} from "@deals/domain/gifting";
import { MAX_QUANTITY_REACHED_MESSAGE, mergedQuantity } from "@deals/domain/quantity";
import { isValidBasketToken } from "@deals/domain/tokens";
import { STAY_MESSAGES } from "@deals/domain/travel-stay";
import { validateGiftMessage, validateRecipientEmail } from "@deals/domain/validation";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { customerBuyerKey } from "../checkout/buyer.ts";
import {
  basketLinesWithout,
  ITEM_UNAVAILABLE_MESSAGE,
  isProductBuyable,
  productMaxQuantity,
} from "../checkout/pricing.ts";
import { loadProductFacts, type ProductFacts } from "../checkout/products.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { holdsOfLinesNotIn, moveHeldStays, releaseHolds } from "../travel/queries.ts";
import { ADDON_PRODUCTS, type AddonType, GIFT_PRESETS } from "./extras.ts";
import {
  type BasketChanges,
  type BasketRow,
  basketsOfCustomer,
  findBasket,
  insertBasket,
  lockBasket,
  lockCustomer,
  updateBasket,
} from "./queries.ts";
import type {
  AddonBody,
  Basket,
  BasketProduct,
  BasketProductInput,
  CreateBasketBody,
  LinkBasketBody,
  PatchBasketProductBody,
  ReplaceBasketBody,
} from "./schemas.ts";
import { newBasketToken } from "./token.ts";

// services.md §8 "Service errors": the basket calls' own messages.
export const BASKET_MESSAGES = {
  noToken: "No Basket Token",
  replaceMalformed: "basketToken or data are malformed",
  removeMalformed: "basketToken or productId are malformed",
  vipUndefined: "Vip check undefined",
  notFound: "There is no basket with this token.",
  productNotFound: "There is no such product on this site.",
  depositUnavailable: "This product has no deposit option.",
  stayInBasket:
    "These dates are already in your basket: choose new dates on the deal page to change the stay.",
  deliveryOption: "This delivery option is not offered for this product.",
  alreadyVip: "You are already a VIP member.",
} as const;

export interface BasketContext {
  db: Db;
  now: Date;
  brand: Brand;
  customer: Customer | null;
}

export interface BasketResult {
  basket: Basket;
  token: string;
}

const badRequest = (code: string, message: string) => new ApiError(400, code, message);
const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const basketNotFound = () => new ApiError(404, "BASKET_NOT_FOUND", BASKET_MESSAGES.notFound);

/** A basket token from a path or body, refused with the spec's message when it cannot be one. */
export function requireBasketToken(token: unknown, message: string = BASKET_MESSAGES.noToken): string {
  if (!isValidBasketToken(token)) throw badRequest("BASKET_TOKEN_INVALID", message);
  return token;
}

/** Another brand's basket, or one linked to someone else, does not exist for this caller. */
export function assertBasketAccess(
  row: BasketRow | undefined,
  ctx: Pick<BasketContext, "brand" | "customer">,
) {
  if (!row || row.brandId !== ctx.brand.id) throw basketNotFound();
  if (row.customerId !== null && row.customerId !== ctx.customer?.id) throw basketNotFound();
  return row;
}

const isAccessory = (line: BasketLineRecord) => line.giftPack === true || line.giftWrap === true;

export function toBasket(
  row: BasketRow,
  options: { giftPacks?: boolean; toasts?: string[]; events?: CartRemoveItemEvent[] } = {},
): Basket {
  const lines = options.giftPacks === false ? row.lines.filter((l) => !isAccessory(l)) : row.lines;
  return {
    id: row.token,
    customerToken: row.customerToken,
    brand: row.brandId as Basket["brand"],
    eligibleForVip: row.eligibleForVip,
    products: lines.map(toBasketProduct),
    addons: row.addons.map((a) => ({ ...a })),
    quantity: row.lines.filter((l) => !isAccessory(l)).reduce((sum, l) => sum + l.quantity, 0),
    toasts: options.toasts ?? [],
    events: options.events ?? [],
  };
}

function toBasketProduct(line: BasketLineRecord): BasketProduct {
  const type = line.gifting?.type ?? "none";
  const gift = line.gifting?.gift ?? false;
  return {
    id: line.id,
    dealId: line.dealId,
    dealProductId: line.dealProductId,
    quantity: line.quantity,
    gift,
    gifting: {
      gift,
      giftPackProductId: line.gifting?.giftPackProductId ?? null,
      giftProductId: gift ? line.dealProductId : null,
      type,
    },
    giftPack: line.giftPack ?? false,
    giftWrap: line.giftWrap ?? false,
    payDeposit: line.payDeposit ?? false,
    deliveryOptionType: line.deliveryOptionType ?? null,
    recipientEmail: line.recipientEmail ?? null,
    giftMessage: line.giftMessage ?? null,
    giftMessageCharactersRemaining: giftMessageCharactersRemaining(line.giftMessage ?? ""),
    checkInDate: line.checkInDate ?? null,
    checkOutDate: line.checkOutDate ?? null,
    bookingCalendarOnRedemption: line.bookingCalendarOnRedemption ?? false,
  };
}

// ---- product facts and checks ----

/** `db` is the transaction's handle inside one (PGlite has a single connection). */
async function productsFor(ctx: BasketContext, productIds: number[], db: Db | DbTransaction = ctx.db) {
  const buyerKey = ctx.customer ? customerBuyerKey(ctx.customer) : null;
  return loadProductFacts(db, productIds, salesWindowStarts(ctx.now), buyerKey);
}

function resolveProduct(
  input: Pick<BasketProductInput, "dealId" | "productId" | "dealProductId">,
  products: Map<number, ProductFacts>,
  ctx: BasketContext,
): ProductFacts {
  const productId = input.productId ?? input.dealProductId;
  const product = productId === undefined ? undefined : products.get(productId);
  if (!product || product.dealId !== input.dealId || product.deal.brandId !== ctx.brand.id) {
    throw new ApiError(404, "PRODUCT_NOT_FOUND", BASKET_MESSAGES.productNotFound);
  }
  return product;
}

/** On sale, and `quantity` within every cap (product.md §5 "Quantity is capped..."). */
function checkQuantity(product: ProductFacts, quantity: number, now: Date, source?: string) {
  if (!isProductBuyable(product, now, source ? { from: source } : undefined)) {
    throw unprocessable("ITEM_UNAVAILABLE", ITEM_UNAVAILABLE_MESSAGE);
  }
  const max = productMaxQuantity(product);
  if (max !== null && quantity > max)
    throw unprocessable("MAX_QUANTITY_REACHED", MAX_QUANTITY_REACHED_MESSAGE);
}

function resolveDeliveryOption(product: ProductFacts, wanted: string | null | undefined): string | null {
  const offered: string[] = deliveryOptionsFor(product.deal.deliveryType);
  if (wanted === undefined || wanted === null) return offered[0] ?? null;
  if (!offered.includes(wanted)) throw badRequest("DELIVERY_OPTION_INVALID", BASKET_MESSAGES.deliveryOption);
  return wanted;
}

function resolveDeposit(product: ProductFacts, payDeposit: boolean | undefined): boolean {
  if (payDeposit === true && product.depositPriceMinor === null) {
    throw unprocessable("DEPOSIT_UNAVAILABLE", BASKET_MESSAGES.depositUnavailable);
  }
  return payDeposit === true;
}

// ---- gifting, through the rules package ----

type GiftingRequest = { type: GiftType; recipientEmail?: string; message?: string };

function giftingRequest(input: {
  gift?: boolean;
  gifting?: GiftingRequest;
  giftPack?: boolean;
  giftWrap?: boolean;
}): GiftingRequest | undefined {
  if (input.gifting) return input.gifting;
  if (input.giftWrap === true) return { type: "wrapped" };
  if (input.giftPack === true) return { type: "std-gpk" };
  if (input.gift !== undefined) return { type: input.gift ? "gift" : "none" };
  return undefined;
}

/** The rules need each item's admin fee: only a product with one can be a gift. */
function withAdminFees(lines: BasketLineRecord[], products: Map<number, ProductFacts>): GiftBasketLine[] {
  return lines.map((l) =>
    isAccessory(l) ? l : { ...l, adminFee: products.get(l.dealProductId)?.adminFeeMinor },
  );
}

function stored(lines: GiftBasketLine[]): BasketLineRecord[] {
  return lines.map(({ adminFee: _fee, ...line }) => line as BasketLineRecord);
}

function applied(change: BasketChange): Extract<BasketChange, { ok: true }> {
  if (!change.ok) {
    const status = change.reason === "This item is no longer in your basket." ? 404 : 422;
    throw new ApiError(status, status === 404 ? "LINE_NOT_FOUND" : "BASKET_CHANGE_REFUSED", change.reason);
  }
  return change;
}

interface LinesChange {
  lines: BasketLineRecord[];
  toasts: string[];
  events: CartRemoveItemEvent[];
}

function switchGift(
  lines: BasketLineRecord[],
  lineId: string,
  request: GiftingRequest,
  products: Map<number, ProductFacts>,
): LinesChange {
  const recipientProblem = validateRecipientEmail(request.recipientEmail, request.type);
  if (recipientProblem) throw badRequest("RECIPIENT_EMAIL_REQUIRED", recipientProblem);
  const messageProblem = validateGiftMessage(request.message);
  if (messageProblem) throw badRequest("GIFT_MESSAGE_TOO_LONG", messageProblem);

  const change = applied(switchGiftType(withAdminFees(lines, products), lineId, request.type, GIFT_PRESETS));
  const next = stored(change.lines).map((line) => {
    if (line.id !== lineId) return line;
    const { recipientEmail: _email, giftMessage: _message, ...rest } = line;
    if (request.type === "none") return rest;
    return {
      ...rest,
      ...(request.type === "e-gift" ? { recipientEmail: request.recipientEmail!.trim() } : {}),
      ...(request.message ? { giftMessage: request.message } : {}),
    };
  });
  return { lines: next, toasts: change.toasts, events: change.events };
}

/** Adds a product (or more of one already there), then applies the gift option it asked for. */
function addToLines(
  lines: BasketLineRecord[],
  input: BasketProductInput,
  products: Map<number, ProductFacts>,
  ctx: BasketContext,
): LinesChange {
  const product = resolveProduct(input, products, ctx);
  const id = String(product.id);
  const existing = lines.find((l) => l.id === id && !isAccessory(l));
  if (existing?.checkInDate) throw unprocessable("STAY_IN_BASKET", BASKET_MESSAGES.stayInBasket);
  // A calendar product is sold only as a stay with held dates (POST basket/{token}/stay).
  if (product.deal.productDisplay === "calendar") {
    throw unprocessable("DATES_REQUIRED", STAY_MESSAGES.datesRequired);
  }
  const quantity = (existing?.quantity ?? 0) + input.quantity;
  checkQuantity(product, quantity, ctx.now, input.sessionPurchaseSource ?? existing?.sessionPurchaseSource);

  const line: BasketLineRecord = {
    ...existing,
    id,
    dealId: product.dealId,
    dealProductId: product.id,
    quantity,
    payDeposit: resolveDeposit(product, input.payDeposit ?? existing?.payDeposit),
    deliveryOptionType: resolveDeliveryOption(
      product,
      input.deliveryOptionType ?? existing?.deliveryOptionType,
    ),
    ...(input.sessionPurchaseSource ? { sessionPurchaseSource: input.sessionPurchaseSource } : {}),
  };
  let next: LinesChange;
  if (existing) {
    // Packs and wrap follow the new quantity (the gifting rules).
    const change = applied(changeLineQuantity(withAdminFees(lines, products), id, quantity));
    next = {
      lines: stored(change.lines).map((l) => (l.id === id ? { ...line, gifting: l.gifting } : l)),
      toasts: [],
      events: [],
    };
  } else {
    next = { lines: [...lines, line], toasts: [], events: [] };
  }
  const gifting = giftingRequest(input);
  if (!gifting) return next;
  const switched = switchGift(next.lines, id, gifting, products);
  return { ...switched, toasts: [...next.toasts, ...switched.toasts] };
}

function linesFromProducts(
  inputs: BasketProductInput[],
  products: Map<number, ProductFacts>,
  ctx: BasketContext,
  lines: BasketLineRecord[] = [],
) {
  let change: LinesChange = { lines, toasts: [], events: [] };
  for (const input of inputs) {
    const next = addToLines(change.lines, input, products, ctx);
    change = { lines: next.lines, toasts: [...change.toasts, ...next.toasts], events: [] };
  }
  return change;
}

const productIdsOf = (inputs: readonly BasketProductInput[]) =>
  inputs.flatMap((i) => [i.productId, i.dealProductId].filter((id): id is number => id !== undefined));

// ---- operations ----

/**
 * POST basket: a new basket; for a signed-in customer who already has one (services.md §7.3:
 * one basket, read by customerToken), the products go into that one instead.
 */
export async function createBasket(ctx: BasketContext, body: CreateBasketBody): Promise<BasketResult> {
  const products = await productsFor(ctx, productIdsOf(body.products));
  const customer = ctx.customer;
  if (customer) {
    const theirs = await ctx.db.transaction(async (tx) => {
      const row = await lockCustomerBasket(tx, customer, ctx.brand);
      if (!row) return undefined;
      const change = linesFromProducts(body.products, products, ctx, row.lines);
      const updated = await updateBasket(tx, row.token, { lines: change.lines }, ctx.now);
      return { token: row.token, basket: toBasket(updated, { toasts: change.toasts }) };
    });
    if (theirs) return theirs;
  }
  return insertNewBasket(ctx, body, products, newBasketToken());
}

async function insertNewBasket(
  ctx: BasketContext,
  body: CreateBasketBody,
  products: Map<number, ProductFacts>,
  token: string,
): Promise<BasketResult> {
  const change = linesFromProducts(body.products, products, ctx);
  const row = await insertBasket(ctx.db, {
    token,
    brandId: ctx.brand.id,
    customerId: ctx.customer?.id ?? null,
    customerToken: ctx.customer?.customerToken ?? null,
    eligibleForVip: body.eligibleForVip ?? false,
    lines: change.lines,
    now: ctx.now,
  });
  return { token: row.token, basket: toBasket(row, { toasts: change.toasts }) };
}

/**
 * A basket of its own for a one-click purchase beside the customer's basket (order-addon), under
 * a token the caller derives from its idempotency key: a repeat finds the same basket.
 */
export async function separateBasket(
  ctx: BasketContext,
  token: string,
  body: CreateBasketBody,
): Promise<string> {
  const existing = await findBasket(ctx.db, token);
  if (existing) return assertBasketAccess(existing, ctx).token;
  const products = await productsFor(ctx, productIdsOf(body.products));
  try {
    return (await insertNewBasket(ctx, body, products, token)).token;
  } catch (error) {
    // A twin request inserted it a moment ago.
    const twin = await findBasket(ctx.db, token);
    if (twin) return assertBasketAccess(twin, ctx).token;
    throw error;
  }
}

/**
 * One of a product in the signed-in customer's basket, added unless a line of it is already
 * there (order-addon's "add and pay at checkout"): a double click or a retry adds it once. Under
 * the customer's lock, so two at once find one basket and add one line. The basket's token.
 */
export async function addOnceToCustomerBasket(
  ctx: BasketContext,
  customer: Customer,
  product: BasketProductInput,
): Promise<string> {
  const products = await productsFor(ctx, productIdsOf([product]));
  return ctx.db.transaction(async (tx) => {
    const row = await lockCustomerBasket(tx, customer, ctx.brand);
    if (row?.lines.some((line) => line.dealProductId === product.productId)) return row.token;
    const change = linesFromProducts([product], products, ctx, row?.lines);
    if (row) return (await updateBasket(tx, row.token, { lines: change.lines }, ctx.now)).token;
    const inserted = await insertBasket(tx, {
      token: newBasketToken(),
      brandId: ctx.brand.id,
      customerId: customer.id,
      customerToken: customer.customerToken,
      eligibleForVip: false,
      lines: change.lines,
      now: ctx.now,
    });
    return inserted.token;
  });
}

/** The customer's one basket on this site, locked, with the customer, for the transaction. */
async function lockCustomerBasket(tx: DbTransaction, customer: Customer, brand: Brand, except?: string) {
  await lockCustomer(tx, customer.id);
  const [newest] = (await basketsOfCustomer(tx, customer.id, brand.id)).filter((b) => b.token !== except);
  return newest && (await lockBasket(tx, newest.token));
}

export async function getBasket(ctx: BasketContext, token: string, giftPacks: boolean): Promise<Basket> {
  const row = assertBasketAccess(await findBasket(ctx.db, requireBasketToken(token)), ctx);
  return toBasket(row, { giftPacks });
}

/** GET basket by customerToken: the signed-in customer's own baskets, newest first. */
export async function getCustomerBaskets(
  ctx: BasketContext,
  customer: Customer,
  customerToken: string,
  giftPacks: boolean,
): Promise<Basket[]> {
  if (customerToken !== customer.customerToken) return [];
  const rows = await basketsOfCustomer(ctx.db, customer.id, ctx.brand.id);
  return rows.map((row) => toBasket(row, { giftPacks }));
}

/**
 * Runs one change on a locked basket. `change` returns the new fields and what to tell the
 * shopper; the row is written only when it returns changes.
 */
async function changeBasket(
  ctx: BasketContext,
  token: string,
  change: (
    row: BasketRow,
    tx: DbTransaction,
  ) => Promise<{ changes: BasketChanges; toasts?: string[]; events?: CartRemoveItemEvent[] }>,
): Promise<BasketResult> {
  return ctx.db.transaction(async (tx) => {
    const row = assertBasketAccess(await lockBasket(tx, token), ctx);
    const result = await change(row, tx);
    // A stay whose line is gone gives its held rooms back (travel/holds.ts).
    if (result.changes.lines && row.lines.some((l) => l.checkInDate)) {
      const kept = result.changes.lines.filter((l) => l.checkInDate).map((l) => l.id);
      await releaseHolds(tx, holdsOfLinesNotIn(token, kept), ctx.now);
    }
    const updated = await updateBasket(tx, token, result.changes, ctx.now);
    return {
      token,
      basket: toBasket(updated, { toasts: result.toasts ?? [], events: result.events ?? [] }),
    };
  });
}

/** PUT basket/{token}: the lines replaced by `products`, priced and checked afresh. */
export async function replaceBasket(ctx: BasketContext, token: string, body: ReplaceBasketBody) {
  if (!isValidBasketToken(token) || body.id !== token) {
    throw badRequest("BASKET_MALFORMED", BASKET_MESSAGES.replaceMalformed);
  }
  const products = await productsFor(ctx, productIdsOf(body.products));
  const change = linesFromProducts(body.products, products, ctx);
  return changeBasket(ctx, token, async () => ({
    changes: {
      lines: change.lines,
      ...(body.eligibleForVip === undefined ? {} : { eligibleForVip: body.eligibleForVip }),
    },
    toasts: change.toasts,
  }));
}

/**
 * PATCH basket/{id}: links the basket to the signed-in customer, adding any products sent. A
 * customer has one basket (services.md §7.3): when they already have another, this (guest)
 * basket's lines and extras join it, quantities capped by the rules, and the answer is that
 * basket, whose token the caller keeps from then on.
 */
export async function linkBasket(
  ctx: BasketContext,
  customer: Customer,
  token: string,
  body: LinkBasketBody,
): Promise<BasketResult> {
  requireBasketToken(token);
  if (body.id !== undefined && body.id !== token) {
    throw badRequest("BASKET_MALFORMED", BASKET_MESSAGES.replaceMalformed);
  }
  const inputs = body.products ?? [];
  return ctx.db.transaction(async (tx) => {
    const theirs = await lockCustomerBasket(tx, customer, ctx.brand, token);
    const guest = assertBasketAccess(await lockBasket(tx, token), ctx);
    const target = theirs ?? guest;
    const products = await productsFor(
      ctx,
      [...productIdsOf(inputs), ...guest.lines.map((l) => l.dealProductId)],
      tx,
    );
    let change: LinesChange = { lines: target.lines, toasts: [], events: [] };
    if (theirs) {
      change = mergeLines(theirs.lines, guest.lines, products);
      // A stay's rooms stay held for the shopper: its hold follows the line.
      await moveHeldStays(tx, guest.token, theirs.token);
      // Nothing is left behind in a basket the shopper no longer holds.
      await updateBasket(tx, guest.token, { lines: [], addons: [], promoCode: null }, ctx.now);
    }
    const added = linesFromProducts(inputs, products, ctx, change.lines);
    change = { ...added, toasts: [...change.toasts, ...added.toasts] };
    const updated = await updateBasket(
      tx,
      target.token,
      {
        lines: change.lines,
        customerId: customer.id,
        customerToken: customer.customerToken,
        ...(theirs
          ? {
              addons: [...theirs.addons, ...guest.addons.filter((a) => !hasAddon(theirs.addons, a))],
              promoCode: theirs.promoCode ?? guest.promoCode,
            }
          : {}),
        ...(body.eligibleForVip === undefined ? {} : { eligibleForVip: body.eligibleForVip }),
      },
      ctx.now,
    );
    return { token: target.token, basket: toBasket(updated, { toasts: change.toasts }) };
  });
}

const hasAddon = (addons: BasketAddonRecord[], addon: BasketAddonRecord) =>
  addons.some((a) => a.addonType === addon.addonType);

/**
 * A guest basket's lines joining the customer's: a product in both adds up to its cap
 * (mergedQuantity), packs and wrap following; anything else comes across as it was.
 */
function mergeLines(
  theirs: BasketLineRecord[],
  guest: BasketLineRecord[],
  products: Map<number, ProductFacts>,
): LinesChange {
  let lines = theirs;
  const toasts: string[] = [];
  for (const line of guest) {
    const same = theirs.find((l) => l.id === line.id);
    if (!same) {
      lines = [...lines, line];
      continue;
    }
    if (isAccessory(line)) continue;
    const product = products.get(line.dealProductId);
    const max = product ? productMaxQuantity(product) : null;
    const quantity = mergedQuantity(same.quantity, line.quantity, max);
    if (quantity < same.quantity + line.quantity) toasts.push(MAX_QUANTITY_REACHED_MESSAGE);
    if (quantity !== same.quantity) {
      lines = stored(applied(changeLineQuantity(withAdminFees(lines, products), line.id, quantity)).lines);
    }
  }
  return { lines, toasts, events: [] };
}

/** POST basket/{token}/product. */
export async function addProduct(ctx: BasketContext, token: string, input: BasketProductInput) {
  requireBasketToken(token);
  const products = await productsFor(ctx, productIdsOf([input]));
  return changeBasket(ctx, token, async (row) => {
    const change = addToLines(row.lines, input, products, ctx);
    return { changes: { lines: change.lines }, toasts: change.toasts };
  });
}

/** PATCH basket/{token}/product/{productId}: quantity, gift options, deposit, delivery. */
export async function patchProduct(
  ctx: BasketContext,
  token: string,
  lineId: string,
  patch: PatchBasketProductBody,
) {
  requireBasketToken(token);
  return changeBasket(ctx, token, async (row, tx) => {
    const line = row.lines.find((l) => l.id === lineId);
    if (!line) throw new ApiError(404, "LINE_NOT_FOUND", "This item is no longer in your basket.");
    if (isAccessory(line)) {
      throw unprocessable(
        "BASKET_CHANGE_REFUSED",
        "Change the gift option of the item to change its gift pack or wrap.",
      );
    }
    const products = await productsFor(ctx, [line.dealProductId], tx);
    const product = products.get(line.dealProductId);
    if (!product) throw unprocessable("ITEM_UNAVAILABLE", ITEM_UNAVAILABLE_MESSAGE);

    let change: LinesChange = { lines: row.lines, toasts: [], events: [] };
    if (patch.quantity !== undefined && line.checkInDate) {
      throw unprocessable("STAY_IN_BASKET", BASKET_MESSAGES.stayInBasket);
    }
    if (patch.quantity !== undefined) {
      checkQuantity(product, patch.quantity, ctx.now, line.sessionPurchaseSource);
      const quantityChange = applied(
        changeLineQuantity(withAdminFees(row.lines, products), lineId, patch.quantity),
      );
      change = { lines: stored(quantityChange.lines), toasts: [], events: [] };
    }
    if (patch.payDeposit !== undefined || patch.deliveryOptionType !== undefined) {
      const payDeposit = resolveDeposit(product, patch.payDeposit ?? line.payDeposit);
      const deliveryOptionType =
        patch.deliveryOptionType === undefined
          ? (line.deliveryOptionType ?? null)
          : resolveDeliveryOption(product, patch.deliveryOptionType);
      change.lines = change.lines.map((l) =>
        l.id === lineId ? { ...l, payDeposit, deliveryOptionType } : l,
      );
    }
    const gifting = giftingRequest(patch);
    if (gifting) {
      const switched = switchGift(change.lines, lineId, gifting, products);
      change = { ...switched, toasts: [...change.toasts, ...switched.toasts] };
    }
    return { changes: { lines: change.lines }, toasts: change.toasts, events: change.events };
  });
}

/** DELETE basket/{token}/product/{productId}: the line goes, its pack and wrap are reduced. */
export async function removeProduct(ctx: BasketContext, token: string, lineId: string) {
  if (!isValidBasketToken(token) || lineId.trim() === "") {
    throw badRequest("BASKET_PRODUCT_MALFORMED", BASKET_MESSAGES.removeMalformed);
  }
  return changeBasket(ctx, token, async (row) => {
    const change = applied(removeBasketLine(row.lines, lineId));
    return { changes: { lines: stored(change.lines) }, events: change.events };
  });
}

function withAddon(addons: BasketAddonRecord[], addonType: AddonType, quantity: number): BasketAddonRecord[] {
  const others = addons.filter((a) => a.addonType !== addonType);
  if (quantity <= 0) return others;
  return [...others, { addonType, productId: ADDON_PRODUCTS[addonType].productId, quantity }];
}

/** VIP upsell opt-in (never pre-ticked): true puts the one-year VIP in the basket, false takes it out. */
export async function updateVipStatus(
  ctx: BasketContext,
  token: string | undefined,
  vipStatus: boolean | undefined,
) {
  if (vipStatus === undefined) throw badRequest("VIP_CHECK_UNDEFINED", BASKET_MESSAGES.vipUndefined);
  const basketToken = requireBasketToken(token);
  if (vipStatus && ctx.customer?.vipUser) throw unprocessable("ALREADY_VIP", BASKET_MESSAGES.alreadyVip);
  return changeBasket(ctx, basketToken, async (row) => ({
    changes: { addons: withAddon(row.addons, "VVE", vipStatus ? 1 : 0) },
  }));
}

/** POST basket/{token}/addon: VVE (one-year VIP at 4.99) or DVP; quantity 0 removes it. */
export async function setAddon(ctx: BasketContext, token: string, body: AddonBody) {
  requireBasketToken(token);
  const product = ADDON_PRODUCTS[body.addonType];
  if (body.productId !== undefined && body.productId !== product.productId) {
    throw new ApiError(404, "PRODUCT_NOT_FOUND", BASKET_MESSAGES.productNotFound);
  }
  if (body.addonType === "VVE" && body.quantity > 0 && ctx.customer?.vipUser) {
    throw unprocessable("ALREADY_VIP", BASKET_MESSAGES.alreadyVip);
  }
  return changeBasket(ctx, token, async (row) => ({
    changes: { addons: withAddon(row.addons, body.addonType, Math.min(body.quantity, product.maxQuantity)) },
  }));
}

/**
 * A voucher's extension put in the customer's one basket on this site (a new basket when they
 * have none), paid at checkout like any order. One extension per basket: a newer one replaces it.
 */
export async function putExtension(
  ctx: BasketContext,
  customer: Customer,
  voucherId: number,
): Promise<string> {
  const extension: BasketAddonRecord = { addonType: "EXT", productId: voucherId, quantity: 1, voucherId };
  const token = await ctx.db.transaction(async (tx) => {
    const row = await lockCustomerBasket(tx, customer, ctx.brand);
    if (!row) return undefined;
    const others = row.addons.filter((a) => a.addonType !== "EXT");
    await updateBasket(tx, row.token, { addons: [...others, extension] }, ctx.now);
    return row.token;
  });
  if (token) return token;
  const row = await insertBasket(ctx.db, {
    token: newBasketToken(),
    brandId: ctx.brand.id,
    customerId: customer.id,
    customerToken: customer.customerToken,
    eligibleForVip: false,
    lines: [],
    now: ctx.now,
  });
  await updateBasket(ctx.db, row.token, { addons: [extension] }, ctx.now);
  return row.token;
}

/**
 * Takes lines that can no longer be bought out of the basket (their packs and wrap with
 * them), as checkout found them: at payment, or once a stay's hold has run out.
 */
export async function removeLines(
  db: Db,
  token: string,
  removed: readonly { line: BasketLineRecord }[],
  now: Date,
  brand: Brand,
) {
  const gone = new Set(removed.map((r) => r.line.id));
  await db.transaction(async (tx) => {
    const basket = await lockBasket(tx, token);
    if (!basket || basket.brandId !== brand.id) return;
    const lines = basketLinesWithout(
      basket.lines,
      basket.lines.filter((l) => gone.has(l.id)),
    );
    await updateBasket(tx, token, { lines }, now);
  });
}
