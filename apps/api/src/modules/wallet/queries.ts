/**
 * Wallet credit (product.md §3 "Wallet entry"): a ledger of signed entries and, per customer
 * and currency, the running balances a debit is checked against in the same statement that
 * takes it, so concurrent checkouts cannot spend the same credit twice.
 */
import { and, asc, type Bind, count, type Db, type DbTransaction, desc, eq, type SQL, sql } from "@deals/db";
import { type WalletCreditKind, walletBalances, walletEntries } from "@deals/db/schema/commerce";
import type { WalletEntry } from "@deals/domain/wallet";
import { marketingCreditExpiry, type WalletEntrySource } from "@deals/domain/wallet-ledger";
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
  /** Where it came from (the sources are listed in @deals/domain/wallet-ledger). */
  source: WalletEntrySource;
  /** Minor units added to the balance; nothing happens for 0. */
  amountMinor: number;
  /** The line the customer reads in their wallet history, e.g. "Refund of order 12". */
  description: string;
  orderId?: number;
  now: Date;
}

/**
 * Adds credit to a balance and records it in the ledger; marketing credit expires
 * MARKETING_CREDIT_VALIDITY_DAYS later (wallet/expiry.ts takes what is left of it then).
 * Debits only ever happen as part of the statement that places an order
 * (walletDebitTaking), checked against the balance there, or when credit expires.
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
    source: credit.source,
    amountMinor: credit.amountMinor,
    description: credit.description,
    orderId: credit.orderId ?? null,
    createdAt: credit.now,
    expiresAt: credit.kind === "marketing" ? marketingCreditExpiry(credit.now) : null,
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
          insert into ${walletEntries} (customer_id, currency, kind, source, amount_minor, description, order_id, created_at)
          select ${customerId}, ${currency}, entry.kind, 'order', -entry.amount, 'Order ' || ${debit.orderId},
            ${debit.orderId}, ${bind("wallet_now", debit.now)}
          from (values ('marketing', ${m}::int), ('refundable', ${r}::int)) as entry(kind, amount)
          where entry.amount > 0 and exists (select 1 from wallet_debit)`,
      },
    ],
    refusal: sql`case when not exists (select 1 from wallet_debit) then 'wallet' end`,
  };
}

export type WalletHistoryRow = typeof walletEntries.$inferSelect;

/** One page of the customer's ledger, newest first, and how many entries there are in all. */
export async function walletHistory(
  db: Db,
  customerId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: WalletHistoryRow[]; total: number }> {
  const mine = eq(walletEntries.customerId, customerId);
  const rows = await db
    .select()
    .from(walletEntries)
    .where(mine)
    .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(walletEntries).where(mine);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Marketing credits whose time has come and that the expiry job has not taken yet. */
export async function dueMarketingCredits(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(
      and(
        sql`${walletEntries.expiredAt} is null and ${walletEntries.expiresAt} is not null`,
        sql`${walletEntries.expiresAt} <= ${now}`,
      ),
    )
    .orderBy(asc(walletEntries.expiresAt), asc(walletEntries.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Marks one marketing credit expired, once: only the call whose conditional update finds it
 * not yet expired gets it back, with the customer's balance row locked behind it.
 */
export async function claimExpiringCredit(tx: DbTransaction, entryId: number, now: Date) {
  const [entry] = await tx
    .update(walletEntries)
    .set({ expiredAt: now })
    .where(and(eq(walletEntries.id, entryId), sql`${walletEntries.expiredAt} is null`))
    .returning();
  if (!entry) return null;
  const [balance] = await tx
    .select()
    .from(walletBalances)
    .where(and(eq(walletBalances.customerId, entry.customerId), eq(walletBalances.currency, entry.currency)))
    .for("update");
  // Live marketing credits that expire after this one (or never): spending came out of this one first.
  const [later] = await tx
    .select({ n: sql<number>`coalesce(sum(${walletEntries.amountMinor}), 0)::int` })
    .from(walletEntries)
    .where(
      and(
        eq(walletEntries.customerId, entry.customerId),
        eq(walletEntries.currency, entry.currency),
        eq(walletEntries.kind, "marketing"),
        sql`${walletEntries.amountMinor} > 0 and ${walletEntries.expiredAt} is null`,
        sql`(${walletEntries.expiresAt} is null or (${walletEntries.expiresAt}, ${walletEntries.id}) > (${entry.expiresAt}, ${entry.id}))`,
      ),
    );
  return { entry, marketingBalanceMinor: balance?.marketingMinor ?? 0, laterCreditsMinor: later?.n ?? 0 };
}

/** Takes expired marketing credit off the balance and records it in the ledger. */
export async function debitExpiredCredit(
  tx: DbTransaction,
  debit: { customerId: number; currency: string; amountMinor: number; description: string; now: Date },
): Promise<void> {
  await tx
    .update(walletBalances)
    .set({ marketingMinor: sql`${walletBalances.marketingMinor} - ${debit.amountMinor}` })
    .where(and(eq(walletBalances.customerId, debit.customerId), eq(walletBalances.currency, debit.currency)));
  await tx.insert(walletEntries).values({
    customerId: debit.customerId,
    currency: debit.currency,
    kind: "marketing",
    source: "expiry",
    amountMinor: -debit.amountMinor,
    description: debit.description,
    createdAt: debit.now,
  });
}
