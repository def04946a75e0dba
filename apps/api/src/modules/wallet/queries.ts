/**
 * Wallet credit (product.md §3 "Wallet entry"): a ledger of signed entries and, per customer
 * and currency, the running balances a debit is checked against in the same statement that
 * takes it, so concurrent checkouts cannot spend the same credit twice.
 */
import { and, asc, type Db, type DbTransaction, eq, type SQL, sql } from "@deals/db";
import { type WalletCreditKind, walletBalances, walletEntries } from "@deals/db/schema/commerce";
import type { WalletEntry } from "@deals/domain/wallet";
import type { Taking } from "../orders/taking.ts";

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

/**
 * An order's wallet debit once `when` holds, as parts of the statement that places it
 * (orders/taking.ts): both kinds come off the balance row in one update that only happens if
 * it covers them, and each kind used gets its ledger entry. Refuses with "wallet" when the
 * balance no longer covers it.
 */
export function walletDebitTaking(debit: {
  customerId: number;
  currency: string;
  marketingMinor: number;
  refundableMinor: number;
  orderId: SQL;
  now: Date;
  when: SQL;
}): Taking {
  const { marketingMinor: m, refundableMinor: r } = debit;
  return {
    parts: [
      {
        name: "wallet_debit",
        body: sql`
          update ${walletBalances}
          set marketing_minor = marketing_minor - ${m}::int, refundable_minor = refundable_minor - ${r}::int
          where customer_id = ${debit.customerId} and currency = ${debit.currency}
            and marketing_minor >= ${m}::int and refundable_minor >= ${r}::int and ${debit.when}
          returning 1`,
      },
      {
        name: "wallet_debit_entries",
        body: sql`
          insert into ${walletEntries} (customer_id, currency, kind, amount_minor, description, order_id, created_at)
          select ${debit.customerId}, ${debit.currency}, entry.kind, -entry.amount, 'Order ' || ${debit.orderId},
            ${debit.orderId}, ${debit.now}
          from (values ('marketing', ${m}::int), ('refundable', ${r}::int)) as entry(kind, amount)
          where entry.amount > 0 and exists (select 1 from wallet_debit)`,
      },
    ],
    refusal: sql`case when not exists (select 1 from wallet_debit) then 'wallet' end`,
  };
}
