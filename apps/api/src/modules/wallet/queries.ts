/**
 * Wallet credit (product.md §3 "Wallet entry"): a ledger of signed entries and, per customer
 * and currency, the running balances a debit is checked against in the same statement that
 * takes it, so concurrent checkouts cannot spend the same credit twice.
 */
import { asc, type Bind, type Db, type DbTransaction, eq, type SQL, sql } from "@deals/db";
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

export interface WalletCredit {
  customerId: number;
  currency: string;
  kind: WalletCreditKind;
  /** Minor units added to the balance; nothing happens for 0. */
  amountMinor: number;
  description: string;
  orderId?: number;
  now: Date;
}

/**
 * Adds credit to a balance and records it in the ledger. Debits only ever happen as part of
 * the statement that places an order (walletDebitTaking), checked against the balance there.
 */
export async function addWalletCredit(tx: DbTransaction, credit: WalletCredit): Promise<void> {
  if (credit.amountMinor <= 0) return;
  const column = credit.kind === "marketing" ? walletBalances.marketingMinor : walletBalances.refundableMinor;
  await tx
    .insert(walletBalances)
    .values({
      customerId: credit.customerId,
      currency: credit.currency,
      marketingMinor: credit.kind === "marketing" ? credit.amountMinor : 0,
      refundableMinor: credit.kind === "refundable" ? credit.amountMinor : 0,
    })
    .onConflictDoUpdate({
      target: [walletBalances.customerId, walletBalances.currency],
      set: {
        [credit.kind === "marketing" ? "marketingMinor" : "refundableMinor"]:
          sql`${column} + ${credit.amountMinor}`,
      },
    });
  await tx.insert(walletEntries).values({
    customerId: credit.customerId,
    currency: credit.currency,
    kind: credit.kind,
    amountMinor: credit.amountMinor,
    description: credit.description,
    orderId: credit.orderId ?? null,
    createdAt: credit.now,
  });
}

/**
 * An order's wallet debit once `when` holds, as parts of the statement that places it
 * (orders/taking.ts): both kinds come off the balance row in one update that only happens if
 * it covers them, and each kind used gets its ledger entry. Refuses with "wallet" when the
 * balance no longer covers it.
 */
export function walletDebitTaking(
  bind: Bind,
  debit: {
    customerId: number;
    currency: string;
    marketingMinor: number;
    refundableMinor: number;
    orderId: SQL;
    now: Date;
    when: SQL;
  },
): Taking {
  const m = bind("wallet_marketing", debit.marketingMinor);
  const r = bind("wallet_refundable", debit.refundableMinor);
  const customerId = bind("wallet_customer", debit.customerId);
  const currency = bind("wallet_currency", debit.currency);
  return {
    parts: [
      {
        name: "wallet_debit",
        body: sql`
          update ${walletBalances}
          set marketing_minor = marketing_minor - ${m}::int, refundable_minor = refundable_minor - ${r}::int
          where customer_id = ${customerId} and currency = ${currency}
            and marketing_minor >= ${m}::int and refundable_minor >= ${r}::int and ${debit.when}
          returning 1`,
      },
      {
        name: "wallet_debit_entries",
        body: sql`
          insert into ${walletEntries} (customer_id, currency, kind, amount_minor, description, order_id, created_at)
          select ${customerId}, ${currency}, entry.kind, -entry.amount, 'Order ' || ${debit.orderId},
            ${debit.orderId}, ${bind("wallet_now", debit.now)}
          from (values ('marketing', ${m}::int), ('refundable', ${r}::int)) as entry(kind, amount)
          where entry.amount > 0 and exists (select 1 from wallet_debit)`,
      },
    ],
    refusal: sql`case when not exists (select 1 from wallet_debit) then 'wallet' end`,
  };
}
