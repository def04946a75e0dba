/** Basket rows: one per basket, its lines and addons in JSON columns (schema/commerce.ts). */
import { and, Bindings, boundRow, type Db, type DbTransaction, desc, eq, runShaped } from "@deals/db";
import { users } from "@deals/db/schema/accounts";
import { type BasketAddonRecord, type BasketLineRecord, baskets } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";

export type BasketRow = typeof baskets.$inferSelect;

export async function insertBasket(
  db: Db | DbTransaction,
  row: {
    token: string;
    brandId: BrandId;
    customerId: number | null;
    customerToken: string | null;
    eligibleForVip: boolean;
    lines: BasketLineRecord[];
    now: Date;
  },
): Promise<BasketRow> {
  const b = new Bindings();
  const values = boundRow(b, "", baskets, {
    token: row.token,
    brandId: row.brandId,
    customerId: row.customerId,
    customerToken: row.customerToken,
    eligibleForVip: row.eligibleForVip,
    lines: row.lines,
    createdAt: row.now,
    updatedAt: row.now,
  });
  const [inserted] = await runShaped(db, "insert_basket", b, () =>
    db.insert(baskets).values(values).returning(),
  );
  return inserted!;
}

export async function findBasket(db: Db | DbTransaction, token: string): Promise<BasketRow | undefined> {
  const b = new Bindings();
  const bound = b.bind("token", token);
  const [row] = await runShaped(db, "find_basket", b, () =>
    db.select().from(baskets).where(eq(baskets.token, bound)),
  );
  return row;
}

/** Reads a basket and locks its row until the transaction ends: changes never interleave. */
export async function lockBasket(tx: DbTransaction, token: string): Promise<BasketRow | undefined> {
  const [row] = await tx.select().from(baskets).where(eq(baskets.token, token)).for("update").limit(1);
  return row;
}

export interface BasketChanges {
  lines?: BasketLineRecord[];
  addons?: BasketAddonRecord[];
  customerId?: number | null;
  customerToken?: string | null;
  eligibleForVip?: boolean;
  promoCode?: string | null;
}

export async function updateBasket(
  db: Db | DbTransaction,
  token: string,
  changes: BasketChanges,
  now: Date,
): Promise<BasketRow> {
  const [row] = await db
    .update(baskets)
    .set({ ...changes, updatedAt: now })
    .where(eq(baskets.token, token))
    .returning();
  return row!;
}

/**
 * Holds the customer's row until the transaction ends, so two sign-ins (or two first adds)
 * of the same customer decide their one basket one after the other.
 */
export async function lockCustomer(tx: DbTransaction, customerId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, customerId)).for("update");
}

/** A customer's baskets, most recently changed first. */
export async function basketsOfCustomer(
  db: Db | DbTransaction,
  customerId: number,
  brandId: BrandId,
): Promise<BasketRow[]> {
  return db
    .select()
    .from(baskets)
    .where(and(eq(baskets.customerId, customerId), eq(baskets.brandId, brandId)))
    .orderBy(desc(baskets.updatedAt));
}
