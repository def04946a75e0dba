/**
 * The wishlist (services.md §7.5, product.md §3 "Wishlist"). A guest's list is reached by its
 * id alone (the wishlist cookie); a customer's list only by that customer: to anyone else it
 * does not exist (404). A customer has one list; on sign-in the guest list is merged into it.
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@deals/db";
import type { Brand } from "@deals/domain/brand";
import { isValidCustomerToken } from "@deals/domain/tokens";
import { WISHLIST_MESSAGES, wishedDealMarkers } from "@deals/domain/wishlist";
import { ApiError, notFound } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { lookUpDeals, MAX_ID } from "../deals/service.ts";
import {
  claimWishlist,
  deleteWishedDeals,
  findCustomerWishlist,
  findWishlist,
  insertWishedDeal,
  insertWishlist,
  mergeWishlists,
  type WishlistRow,
  wishedDeals,
} from "./queries.ts";
import type { PatchWishlistBody, Wishlist } from "./schemas.ts";

export interface WishlistContext {
  db: Db;
  brand: Brand;
  customer: Customer | null;
  now: Date;
}

export interface WishlistPage {
  page: number;
  pageSize: number;
}

const malformed = () => new ApiError(400, "ARGS_MALFORMED", WISHLIST_MESSAGES.argsMalformed);
const wishlistNotFound = () => notFound("WISHLIST_NOT_FOUND", "There is no such wishlist.");
const dealNotFound = () => notFound("DEAL_NOT_FOUND", "There is no such deal.");

/** A deal id from the path: "Deals missing" when empty, "args malformed" when not an id. */
export function parseDealId(value: string): number {
  if (value.trim() === "") throw new ApiError(400, "DEALS_MISSING", WISHLIST_MESSAGES.dealsMissing);
  if (!/^[1-9]\d{0,9}$/.test(value)) throw malformed();
  const id = Number(value);
  if (id > MAX_ID) throw malformed();
  return id;
}

/** The deal ids of a lookup ("1,2,3"): "Deals missing" when none. */
export function parseDealIds(value: string | undefined): number[] {
  const parts = (value ?? "").split(",").filter((part) => part.trim() !== "");
  if (parts.length === 0) throw new ApiError(400, "DEALS_MISSING", WISHLIST_MESSAGES.dealsMissing);
  if (parts.length > 100) throw malformed();
  return parts.map((part) => parseDealId(part.trim()));
}

/** The list with this id if the caller may see it: a guest's, or their own; else 404. */
async function accessibleWishlist(ctx: WishlistContext, id: string): Promise<WishlistRow> {
  if (id.trim() === "") throw new ApiError(400, "NO_WISHLIST_ID", WISHLIST_MESSAGES.noWishListId);
  const row = await findWishlist(ctx.db, id);
  if (!row || row.brandId !== ctx.brand.id) throw wishlistNotFound();
  if (row.customerId !== null && row.customerId !== ctx.customer?.id) throw wishlistNotFound();
  return row;
}

/** One page of the list's deals with their markers, and every wished id. */
async function present(ctx: WishlistContext, id: string | null, paging: WishlistPage): Promise<Wishlist> {
  const empty = { id, deals: [], quantity: 0, dealIds: [], ...paging };
  if (id === null) return empty;
  const rows = await wishedDeals(ctx.db, id);
  const start = paging.page * paging.pageSize;
  const pageRows = rows.slice(start, start + paging.pageSize);
  const summaries = await lookUpDeals(
    ctx.db,
    ctx.brand,
    pageRows.map((row) => row.dealId),
  );
  const byId = new Map(pageRows.map((row) => [row.dealId, row]));
  return {
    ...empty,
    quantity: rows.length,
    dealIds: rows.map((row) => row.dealId),
    deals: summaries.map((deal) => {
      const wished = byId.get(deal.id)!;
      const closingDate = deal.closingDate === null ? null : new Date(deal.closingDate);
      return {
        ...deal,
        addedAt: wished.addedAt.toISOString(),
        ...wishedDealMarkers(
          { priceMinor: deal.price, priceAtAddMinor: wished.priceAtAddMinor, closingDate },
          ctx.now,
        ),
      };
    }),
  };
}

const FIRST_PAGE: WishlistPage = { page: 0, pageSize: 50 };

export async function getWishlist(ctx: WishlistContext, id: string, paging: WishlistPage): Promise<Wishlist> {
  const row = await accessibleWishlist(ctx, id);
  return present(ctx, row.id, paging);
}

/**
 * GET wishlist?customerToken=: the signed-in customer's own list. A token shorter than 10
 * characters means no fetch (services.md §5); anyone else's token is a list that is not there.
 */
export async function getCustomerWishlist(
  ctx: WishlistContext,
  customerToken: string | undefined,
  paging: WishlistPage,
): Promise<Wishlist> {
  if (customerToken === undefined || customerToken === "") {
    throw new ApiError(400, "NO_WISHLIST_ID", WISHLIST_MESSAGES.noWishListId);
  }
  if (!isValidCustomerToken(customerToken)) throw malformed();
  if (!ctx.customer || ctx.customer.customerToken !== customerToken) throw wishlistNotFound();
  const row = await findCustomerWishlist(ctx.db, ctx.customer.id);
  return present(ctx, row?.id ?? null, paging);
}

const newWishlistId = () => randomBytes(24).toString("base64url");

/** The signed-in customer's list, made if they have none (a racing request's list if it won). */
async function customerWishlist(ctx: WishlistContext, customer: Customer): Promise<WishlistRow> {
  const existing = await findCustomerWishlist(ctx.db, customer.id);
  if (existing) return existing;
  const made = await insertWishlist(ctx.db, {
    id: newWishlistId(),
    brandId: ctx.brand.id,
    customerId: customer.id,
    now: ctx.now,
  });
  return made ?? (await findCustomerWishlist(ctx.db, customer.id))!;
}

/**
 * POST wishlist/deal/{dealId}: a list with its first deal. Signed in, it is the customer's
 * own list (made when they have none); otherwise a new guest list.
 */
export async function createWishlist(ctx: WishlistContext, dealIdText: string): Promise<Wishlist> {
  const dealId = parseDealId(dealIdText);
  if ((await lookUpDeals(ctx.db, ctx.brand, [dealId])).length === 0) throw dealNotFound();
  const list = ctx.customer
    ? await customerWishlist(ctx, ctx.customer)
    : (await insertWishlist(ctx.db, {
        id: newWishlistId(),
        brandId: ctx.brand.id,
        customerId: null,
        now: ctx.now,
      }))!;
  await insertWishedDeal(ctx.db, list, dealId, ctx.now);
  return present(ctx, list.id, FIRST_PAGE);
}

export async function addToWishlist(ctx: WishlistContext, id: string, dealIdText: string): Promise<Wishlist> {
  const list = await accessibleWishlist(ctx, id);
  if (!(await insertWishedDeal(ctx.db, list, parseDealId(dealIdText), ctx.now))) throw dealNotFound();
  return present(ctx, list.id, FIRST_PAGE);
}

export async function removeFromWishlist(
  ctx: WishlistContext,
  id: string,
  dealIdText: string,
): Promise<Wishlist> {
  const list = await accessibleWishlist(ctx, id);
  await deleteWishedDeals(ctx.db, list.id, parseDealId(dealIdText));
  return present(ctx, list.id, FIRST_PAGE);
}

export async function clearWishlist(ctx: WishlistContext, id: string): Promise<Wishlist> {
  const list = await accessibleWishlist(ctx, id);
  await deleteWishedDeals(ctx.db, list.id);
  return present(ctx, list.id, FIRST_PAGE);
}

/** The merge operations of a PATCH body: op merge, path customerToken, value the token. */
function mergeTokens(body: PatchWishlistBody): string[] {
  const operations = Array.isArray(body) ? body : "operations" in body ? body.operations : [body];
  return operations.map((operation) => {
    const path = operation.path.replace(/^\//, "");
    if (operation.op !== "merge" || path !== "customerToken") throw malformed();
    return operation.value;
  });
}

/**
 * PATCH wishlist/{id}: merges the guest list {id} into the signed-in customer's, named by
 * their customer token (on sign-in). A customer without a list takes the guest list over.
 * Answers the customer's list.
 */
export async function mergeWishlist(
  ctx: WishlistContext,
  id: string,
  body: PatchWishlistBody,
): Promise<Wishlist> {
  const tokens = mergeTokens(body);
  const customer = ctx.customer;
  if (!customer || tokens.some((token) => token !== customer.customerToken)) throw wishlistNotFound();
  const guest = await accessibleWishlist(ctx, id);
  if (guest.customerId === customer.id) return present(ctx, guest.id, FIRST_PAGE);
  const own = await findCustomerWishlist(ctx.db, customer.id);
  const mergedId = await ctx.db.transaction(async (tx) => {
    if (!own && (await claimWishlist(tx, guest.id, customer.id))) return guest.id;
    const target = own ?? (await findCustomerWishlist(tx, customer.id));
    if (!target) throw wishlistNotFound();
    await mergeWishlists(tx, guest.id, target.id);
    return target.id;
  });
  return present(ctx, mergedId, FIRST_PAGE);
}

/** GET wishlist deals lookup by ids: the deals, in the order asked, unknown ids left out. */
export async function lookUpWishlistDeals(ctx: WishlistContext, ids: string | undefined) {
  return { deals: await lookUpDeals(ctx.db, ctx.brand, parseDealIds(ids)) };
}
