/**
 * Wallet credit (product.md §3 "Wallet entry"): a ledger of signed entries and, per customer
 * and currency, the running balances a debit is checked against in the same statement that
 * takes it, so concurrent checkouts cannot spend the same credit twice.
 */
import { and, asc, type Db, type DbTransaction, eq, sql } from "@deals/db";
import { type WalletCreditKind, walletBalances, walletEntries } from "@deals/db/schema/commerce";
import type { WalletEntry } from "@deals/domain/wallet";

/** The customer's balances, one entry per currency (what GET /user/wallet answers). */
export async function walletOf(db: Db | DbTransaction, customerId: number): Promise<WalletEntry[]> {
  const rows = await db
    .select()
    .from(walletBalances)
    .where(eq(walletBalances.customerId, customerId))
    .orderBy(asc(walletBalances.currency));
  return rows.map((row) => ({
    currency: row.currency,
    marketingBalance: row.marketingMinor,
    refundableBalance: row.refundableMinor,
    balance: row.marketingMinor + row.refundableMinor,
  }));
}

export interface WalletMovement {
  customerId: number;
  currency: string;
  kind: WalletCreditKind;
  /** Positive for a credit, negative for a debit. */
  amountMinor: number;
  description: string;
  orderId?: number;
  now: Date;
}

/**
 * Records a credit or a debit. A debit only happens if the balance covers it; returns false
 * (and changes nothing) when it does not.
 */
export async function moveWalletCredit(tx: DbTransaction, movement: WalletMovement): Promise<boolean> {
  if (movement.amountMinor === 0) return true;
  const column =
    movement.kind === "marketing" ? walletBalances.marketingMinor : walletBalances.refundableMinor;
  const key = and(
    eq(walletBalances.customerId, movement.customerId),
    eq(walletBalances.currency, movement.currency),
  );
  if (movement.amountMinor > 0) {
    await tx
      .insert(walletBalances)
      .values({
        customerId: movement.customerId,
        currency: movement.currency,
        marketingMinor: movement.kind === "marketing" ? movement.amountMinor : 0,
        refundableMinor: movement.kind === "refundable" ? movement.amountMinor : 0,
      })
      .onConflictDoUpdate({
        target: [walletBalances.customerId, walletBalances.currency],
        set: {
          [movement.kind === "marketing" ? "marketingMinor" : "refundableMinor"]:
            sql`${column} + ${movement.amountMinor}`,
        },
      });
  } else {
    const debited = await tx
      .update(walletBalances)
      .set({
        [movement.kind === "marketing" ? "marketingMinor" : "refundableMinor"]:
          sql`${column} + ${movement.amountMinor}`,
      })
      .where(and(key, sql`${column} + ${movement.amountMinor} >= 0`))
      .returning({ customerId: walletBalances.customerId });
    if (debited.length === 0) return false;
  }
  await tx.insert(walletEntries).values({
    customerId: movement.customerId,
    currency: movement.currency,
    kind: movement.kind,
    amountMinor: movement.amountMinor,
    description: movement.description,
    orderId: movement.orderId ?? null,
    createdAt: movement.now,
  });
  return true;
}
