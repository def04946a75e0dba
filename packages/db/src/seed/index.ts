/**
 * Writes the seed catalogue (catalogue.ts) in one transaction, in batches, so a half-seeded
 * database is never visible. Safe to call from several processes at once: the first seeds,
 * the others find it seeded and return.
 */
import { type Column, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../open.ts";
import {
  brands,
  categories,
  dealProducts,
  deals,
  locations,
  merchants,
  productPriceHistory,
  reviews,
} from "../schema/catalogue.ts";
import { travelCalendarDays, travelDeals, travelFlights } from "../schema/travel.ts";
import { seedAddresses } from "./addresses.ts";
import { generateCatalogue } from "./catalogue.ts";
import { seedPromoCodes } from "./promo-codes.ts";
import { seedSites } from "./sites.ts";

export { type Catalogue, FIRST_DEAL_ID, FIRST_PRODUCT_ID, generateCatalogue } from "./catalogue.ts";
export {
  CATEGORY_TREE,
  INTERNATIONAL_TRAVEL_CATEGORY_ID,
  IRELAND_TRAVEL_CATEGORY_ID,
  UK_TRAVEL_CATEGORY_ID,
} from "./categories.ts";

export const DEFAULT_SEED_DEALS = 3000;
export const DEFAULT_SEED = 1;
/** Rows per INSERT: large enough to be quick, small enough for PostgreSQL's parameter limit. */
const BATCH_ROWS = 1000;

export interface SeedOptions {
  /** How many deals (default 3,000; 50,000 and more for benchmarks). */
  deals?: number;
  seed?: number;
  /** The moment closing dates, publication dates and price history are spread around. */
  now?: Date;
}

export interface SeedSummary {
  /** false when the catalogue was already there and nothing was written. */
  seeded: boolean;
  deals: number;
  products: number;
  merchants: number;
  reviews: number;
}

/** True once the catalogue has been written. */
export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select({ id: brands.id }).from(brands).limit(1);
  return rows.length > 0;
}

export async function seedCatalogue(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const summary = await writeCatalogue(db, options);
  // A page of deals is read from the listings' covering indexes alone only where the table's
  // rows are marked all-visible (migration 0033): VACUUM marks them now; PostgreSQL's
  // autovacuum would later, PGlite never. It cannot run inside the seed's transaction.
  if (summary.seeded) await db.execute(sql`vacuum deal_listings`);
  return summary;
}

function writeCatalogue(db: Db, options: SeedOptions): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deals:seed'))`);
    if (await isSeeded(tx)) return { seeded: false, deals: 0, products: 0, merchants: 0, reviews: 0 };
    const now = options.now ?? new Date();
    const catalogue = generateCatalogue({
      deals: options.deals ?? DEFAULT_SEED_DEALS,
      seed: options.seed ?? DEFAULT_SEED,
      now,
    });
    await insertBatches(tx, brands, catalogue.brands);
    await insertBatches(tx, locations, catalogue.locations);
    await insertBatches(tx, categories, catalogue.categories);
    await insertBatches(tx, merchants, catalogue.merchants);
    await insertBatches(tx, deals, catalogue.deals);
    await insertBatches(tx, dealProducts, catalogue.products);
    await insertBatches(tx, productPriceHistory, catalogue.priceHistory);
    await insertBatches(tx, reviews, catalogue.reviews);
    await insertBatches(tx, travelDeals, catalogue.travel.travelDeals);
    await insertBatches(tx, travelCalendarDays, catalogue.travel.calendarDays);
    await insertBatches(tx, travelFlights, catalogue.travel.flights);
    await seedAddresses(tx);
    await seedPromoCodes(tx, now);
    await seedSites(tx);
    // Fold the new search entries into the GIN indexes and refresh the planner's statistics
    // now, rather than leaving it to autovacuum (which PGlite does not run).
    await tx.execute(
      sql`select gin_clean_pending_list('deals_search_vector'::regclass), gin_clean_pending_list('deals_search_trgm'::regclass)`,
    );
    await tx.execute(
      sql`analyze brands, locations, categories, merchants, deals, deal_products, product_price_history, reviews, deal_listings, search_words, travel_deals, travel_calendar_days, travel_flights`,
    );
    // Locations and merchants were written with their ids; move the serial sequences past them.
    for (const table of ["locations", "merchants"]) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.identifier(table)}`,
      );
    }
    return {
      seeded: true,
      deals: catalogue.deals.length,
      products: catalogue.products.length,
      merchants: catalogue.merchants.length,
      reviews: catalogue.reviews.length,
    };
  });
}

/**
 * Inserts rows in batches, each batch as one JSON parameter expanded by the server
 * (json_populate_recordset): far less work than one bind parameter per value. A column the
 * rows leave out gets its static default; a serial id left out is not sent at all, so the
 * database numbers the rows.
 */
async function insertBatches<T extends PgTable>(db: Db, table: T, rows: readonly T["$inferInsert"][]) {
  const first = rows[0] as Record<string, unknown> | undefined;
  if (!first) return;
  const columns = Object.entries(getTableColumns(table)).filter(
    ([key, column]) => !column.generated && (key in first || !isSerial(column)),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = (row as Record<string, unknown>)[key] ?? column.default ?? null;
        record[column.name] = value instanceof Date ? value.toISOString() : value;
      }
      return record;
    });
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

function isSerial(column: Column): boolean {
  return column.columnType === "PgSerial";
}
