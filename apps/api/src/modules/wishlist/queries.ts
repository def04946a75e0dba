/** The wishlist's SQL (services.md §7.5). */
import { and, type Db, type DbTransaction, desc, eq, isNull, lte, or, sql } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { deals } from "@deals/db/schema/catalogue";
import { wishlistDeals, wishlists } from "@deals/db/schema/wishlist";

type Runner = Db | DbTransaction;
export type WishlistRow = typeof wishlists.$inferSelect;

export async function findWishlist(db: Runner, id: string): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.id, id));
  return row;
}

export async function findCustomerWishlist(db: Runner, customerId: number): Promise<WishlistRow | undefined> {
  const [row] = await db.select().from(wishlists).where(eq(wishlists.customerId, customerId));
  return row;
}

/**
 * A new list. A customer has one list: when two requests race to make it, the second finds
 * the first's (the unique index on customer_id) and answers undefined.
 */
export async function insertWishlist(
  db: Runner,
  row: { id: string; brandId: string; customerId: number | null; now: Date },
): Promise<WishlistRow | undefined> {
  const [inserted] = await db
    .insert(wishlists)
    .values({ id: row.id, brandId: row.brandId, customerId: row.customerId, createdAt: row.now })
    .onConflictDoNothing()
    .returning();
  return inserted;
}

/** Wishes a deal of the list's brand at its current lead price; once only. False: no such deal. */
export async function insertWishedDeal(
  db: Runner,
  list: WishlistRow,
  dealId: number,
  now: Date,
): Promise<boolean> {
  const [deal] = await db
    .select({ priceMinor: deals.priceMinor })
    .from(deals)
    .where(and(eq(deals.id, dealId), eq(deals.brandId, list.brandId)));
  if (!deal) return false;
  await db
    .insert(wishlistDeals)
    .values({
      wishlistId: list.id,
      dealId,
      addedAt: now,
      priceAtAddMinor: deal.priceMinor,
      notifiedPriceMinor: deal.priceMinor,
    })
    .onConflictDoNothing();
  return true;
}

export async function deleteWishedDeals(db: Runner, wishlistId: string, dealId?: number): Promise<void> {
  await db
    .delete(wishlistDeals)
    .where(
      and(
        eq(wishlistDeals.wishlistId, wishlistId),
        dealId === undefined ? undefined : eq(wishlistDeals.dealId, dealId),
      ),
    );
}

/** The list's deals, the latest wished first. */
export function wishedDeals(db: Runner, wishlistId: string) {
  return db
    .select({
      dealId: wishlistDeals.dealId,
      addedAt: wishlistDeals.addedAt,
      priceAtAddMinor: wishlistDeals.priceAtAddMinor,
    })
    .from(wishlistDeals)
    .where(eq(wishlistDeals.wishlistId, wishlistId))
    .orderBy(desc(wishlistDeals.addedAt), desc(wishlistDeals.dealId));
}

/** Hands a guest's list to a customer who has none; false when it is no longer a guest's. */
export async function claimWishlist(tx: DbTransaction, id: string, customerId: number): Promise<boolean> {
  const claimed = await tx
    .update(wishlists)
    .set({ customerId })
    .where(and(eq(wishlists.id, id), isNull(wishlists.customerId)))
    .returning({ id: wishlists.id });
  return claimed.length > 0;
}

/** Moves a guest list's deals into another list (keeping each deal's first wish) and drops it. */
export async function mergeWishlists(tx: DbTransaction, fromId: string, intoId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${wishlistDeals} (wishlist_id, deal_id, added_at, price_at_add_minor, notified_price_minor)
    select ${intoId}, deal_id, added_at, price_at_add_minor, notified_price_minor
    from ${wishlistDeals} where wishlist_id = ${fromId}
    on conflict do nothing`);
  await tx.delete(wishlists).where(and(eq(wishlists.id, fromId), isNull(wishlists.customerId)));
}

// ---- price-drop emails ----

/** Customers' lists holding a deal now cheaper than they were last told, not emailed since `cutoff`. */
export async function wishlistsWithPriceDrops(db: Db, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: wishlists.id })
    .from(wishlists)
    .innerJoin(wishlistDeals, eq(wishlistDeals.wishlistId, wishlists.id))
    .innerJoin(deals, eq(deals.id, wishlistDeals.dealId))
    .innerJoin(users, eq(users.id, wishlists.customerId))
    .where(
      and(
        eq(users.status, "active"),
        sql`${deals.priceMinor} < ${wishlistDeals.notifiedPriceMinor}`,
        or(isNull(wishlists.priceDropEmailedAt), lte(wishlists.priceDropEmailedAt, cutoff)),
      ),
    )
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Takes the list's turn for a price-drop email: one conditional update, so of two processes
 * running the job only one sends it. Answers the customer to write to, or undefined.
 */
export async function claimPriceDropEmail(tx: DbTransaction, wishlistId: string, cutoff: Date, now: Date) {
  const [claimed] = await tx
    .update(wishlists)
    .set({ priceDropEmailedAt: now })
    .where(
      and(
        eq(wishlists.id, wishlistId),
        or(isNull(wishlists.priceDropEmailedAt), lte(wishlists.priceDropEmailedAt, cutoff)),
      ),
    )
    .returning({ customerId: wishlists.customerId, brandId: wishlists.brandId });
  if (!claimed?.customerId) return undefined;
  const [user] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, claimed.customerId));
  return user && { ...user, brandId: claimed.brandId };
}

/** The list's deals now below the price last told, which from now on is the price told. */
export async function takePriceDrops(tx: DbTransaction, wishlistId: string) {
  const dropped = await tx
    .select({
      dealId: deals.id,
      headline: deals.headline,
      priceMinor: deals.priceMinor,
      was: wishlistDeals.notifiedPriceMinor,
    })
    .from(wishlistDeals)
    .innerJoin(deals, eq(deals.id, wishlistDeals.dealId))
    .where(
      and(
        eq(wishlistDeals.wishlistId, wishlistId),
        sql`${deals.priceMinor} < ${wishlistDeals.notifiedPriceMinor}`,
      ),
    )
    .orderBy(deals.id);
  if (dropped.length > 0) {
    await tx.execute(sql`
      update ${wishlistDeals} set notified_price_minor = d.price_minor
      from ${deals} d
      where wishlist_deals.deal_id = d.id and wishlist_deals.wishlist_id = ${wishlistId}
        and d.price_minor < wishlist_deals.notified_price_minor`);
  }
  return dropped;
}
