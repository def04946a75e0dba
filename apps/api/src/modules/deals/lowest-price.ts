/**
 * Each deal's lowest price of the last 30 days (deals.lowest_price_last_30_days_minor), kept
 * as its lead product's price history says, so listings read one column instead of
 * aggregating the history of every deal on the page. Worked out again whenever prices are
 * written (call refreshLowestPrices with the deals whose prices or history changed), and in
 * the background once an answer has aged: a recorded price left the 30-day window.
 */
import { asc, type Db, eq, inArray, isNull, lt, or, sql } from "@deals/db";
import { dealProducts, deals, productPriceHistory } from "@deals/db/schema/catalogue";
import { lowestRecentPrice, type RecordedPrice } from "@deals/domain/lowest-price";
import type { FastifyInstance } from "fastify";
import { runEvery, type ScheduledJob } from "../../scheduler.ts";

/** Deals worked out per statement when the background refresh catches up. */
const REFRESH_BATCH = 500;
/** How often the background refresh looks for aged answers (ours). */
export const LOWEST_PRICE_REFRESH_MINUTES = 10;

/**
 * Works out the lowest price again for `dealIds`, or, without them, for every deal whose
 * answer has aged or was never worked out. Returns how many deals were written.
 */
export async function refreshLowestPrices(db: Db, now: Date, dealIds?: readonly number[]): Promise<number> {
  if (dealIds) return refreshBatch(db, now, [...new Set(dealIds)]);
  let written = 0;
  for (;;) {
    const due = await db
      .select({ id: deals.id })
      .from(deals)
      .where(or(isNull(deals.lowestPriceLast30DaysMinor), lt(deals.lowestPriceValidUntil, now)))
      .orderBy(asc(deals.id))
      .limit(REFRESH_BATCH);
    written += await refreshBatch(
      db,
      now,
      due.map((row) => row.id),
    );
    if (due.length < REFRESH_BATCH) return written;
  }
}

async function refreshBatch(db: Db, now: Date, dealIds: number[]): Promise<number> {
  if (dealIds.length === 0) return 0;
  // The lead product: the first, in display order, at the deal's lead price (as the deal page).
  const leads = await db
    .selectDistinctOn([deals.id], {
      dealId: deals.id,
      dealPriceMinor: deals.priceMinor,
      productId: dealProducts.id,
      priceMinor: dealProducts.priceMinor,
    })
    .from(deals)
    .leftJoin(dealProducts, eq(dealProducts.dealId, deals.id))
    .where(inArray(deals.id, dealIds))
    .orderBy(
      deals.id,
      sql`${dealProducts.priceMinor} <> ${deals.priceMinor}`,
      asc(dealProducts.sortOrder),
      asc(dealProducts.id),
    );
  const productIds = leads.flatMap((lead) => (lead.productId === null ? [] : [lead.productId]));
  const history =
    productIds.length === 0
      ? []
      : await db
          .select({
            productId: productPriceHistory.productId,
            priceMinor: productPriceHistory.priceMinor,
            recordedAt: productPriceHistory.recordedAt,
          })
          .from(productPriceHistory)
          .where(inArray(productPriceHistory.productId, productIds));
  const byProduct = new Map<number, RecordedPrice[]>();
  for (const entry of history) {
    byProduct.set(entry.productId, [...(byProduct.get(entry.productId) ?? []), entry]);
  }
  const values = leads.map((lead) => {
    const { lowestMinor, validUntil } = lowestRecentPrice(
      lead.priceMinor ?? lead.dealPriceMinor,
      lead.productId === null ? [] : (byProduct.get(lead.productId) ?? []),
      now,
    );
    return sql`(${lead.dealId}::int, ${lowestMinor}::int, ${validUntil?.toISOString() ?? null}::timestamptz)`;
  });
  await db.execute(sql`
    update ${deals}
    set lowest_price_last_30_days_minor = worked.lowest, lowest_price_valid_until = worked.valid_until
    from (values ${sql.join(values, sql`, `)}) as worked(deal_id, lowest, valid_until)
    where ${deals.id} = worked.deal_id`);
  return leads.length;
}

/**
 * Catches up once the app is ready (after an upgrade no deal has an answer yet), then looks
 * for aged answers every few minutes. Safe on several processes: each writes the same answer.
 */
export function scheduleLowestPriceRefresh(app: FastifyInstance, db: Db, clock: () => Date): void {
  let job: ScheduledJob | undefined;
  let catchUp: Promise<unknown> = Promise.resolve();
  const onError = (error: unknown) =>
    app.log.error({ err: error, job: "lowest-price-refresh" }, "background job failed");
  const refresh = () => refreshLowestPrices(db, clock());
  app.addHook("onReady", async () => {
    catchUp = refresh().catch(onError);
    job = runEvery(LOWEST_PRICE_REFRESH_MINUTES * 60_000, refresh, onError);
  });
  app.addHook("onClose", async () => {
    job?.stop();
    await catchUp;
  });
}
