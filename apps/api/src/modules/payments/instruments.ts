/** Stored payment instruments (product.md §3 "Payment instrument"): EXISTING options at checkout. */
import { and, asc, type Db, type DbTransaction, desc, eq } from "@deals/db";
import { paymentInstruments } from "@deals/db/schema/commerce";

export type InstrumentRow = typeof paymentInstruments.$inferSelect;

export async function instrumentsOf(db: Db | DbTransaction, customerId: number): Promise<InstrumentRow[]> {
  return db
    .select()
    .from(paymentInstruments)
    .where(eq(paymentInstruments.customerId, customerId))
    .orderBy(desc(paymentInstruments.isDefault), asc(paymentInstruments.id));
}

export async function findInstrument(db: Db | DbTransaction, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(paymentInstruments)
    .where(and(eq(paymentInstruments.customerId, customerId), eq(paymentInstruments.id, id)));
  return row;
}

/** Keeps a newly used card or PayPal account; the first one becomes the default. Its id. */
export async function saveInstrument(
  tx: DbTransaction,
  instrument: Omit<typeof paymentInstruments.$inferInsert, "id" | "isDefault">,
): Promise<number> {
  const existing = await instrumentsOf(tx, instrument.customerId);
  const [saved] = await tx
    .insert(paymentInstruments)
    .values({ ...instrument, isDefault: existing.length === 0 })
    .returning({ id: paymentInstruments.id });
  return saved!.id;
}
