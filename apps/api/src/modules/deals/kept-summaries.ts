/**
 * Deal summaries kept in memory by deal and revision. Reading a page's summaries (each deal
 * joined to its categories, merchant and location, its cheapest product's admin fee) cost
 * PostgreSQL six times what choosing the page's ids did, and the API as much again to read
 * and shape the rows, while the same deals come up on page after page, sort after sort
 * (docs/scaling.md "Summaries kept by revision"). So a page reads only its deals' ids and
 * revisions, and the summary of a deal is read again only when its revision has moved on:
 * any change to the deal's row, or to its products' prices, raises it (migration 0039), so
 * prices, stock and closing dates show as soon as they change. So does a change to what a
 * summary shows of other rows, its categories', merchant's and location's names (migration
 * 0040). A summary is therefore kept for as long as its revision is current, with no time limit:
 * one that expired every few seconds was read again for every deal shown in that time, work that
 * grew with the catalogue rather than with its changes (docs/scaling.md).
 */
import type { Db } from "@deals/db";
import type { BrandId } from "@deals/domain/brand";
import {
  type DealFilter,
  type DealOrder,
  type DealRef,
  findDealRefs,
  findDealSummaries,
  listDealRefs,
  type PageWindow,
} from "./queries.ts";
import type { DealSummary } from "./schemas.ts";
import { toDealSummary } from "./summaries.ts";

interface Kept {
  revision: number;
  summary: DealSummary;
}

/** About the deals of a thousand listings' first pages (ours); the oldest go first. */
const MAX_ENTRIES = 20_000;

export class KeptSummaries {
  readonly #entriesOf = new WeakMap<Db, Map<number, Kept>>();

  constructor(private readonly maxEntries = MAX_ENTRIES) {}

  /**
   * The summaries of these deals of the brand, in the order given: kept ones whose revision is
   * current, the rest read in one statement. A deal gone since its ref was read is left out.
   */
  async inOrder(db: Db, brandId: BrandId, refs: readonly DealRef[]): Promise<DealSummary[]> {
    const entries = this.#entries(db);
    const current = (ref: DealRef) => {
      const kept = entries.get(ref.id);
      return kept !== undefined && kept.revision >= ref.revision ? kept : undefined;
    };
    const stale = refs.filter((ref) => current(ref) === undefined).map((ref) => ref.id);
    const read = new Map<number, DealSummary>();
    if (stale.length > 0) {
      for (const row of await findDealSummaries(db, brandId, stale)) {
        const summary = toDealSummary(row);
        read.set(row.id, summary);
        this.#keep(entries, row.id, { revision: row.revision, summary });
      }
    }
    return refs.flatMap((ref) => read.get(ref.id) ?? current(ref)?.summary ?? []);
  }

  #entries(db: Db): Map<number, Kept> {
    let entries = this.#entriesOf.get(db);
    if (!entries) {
      entries = new Map();
      this.#entriesOf.set(db, entries);
    }
    return entries;
  }

  #keep(entries: Map<number, Kept>, id: number, kept: Kept): void {
    entries.delete(id);
    entries.set(id, kept);
    while (entries.size > this.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }
}

const kept = new KeptSummaries();

/** A page of a listing's deals (listDealRefs), with summaries kept by revision. */
export async function listedSummaries(
  db: Db,
  filter: DealFilter,
  order: DealOrder,
  page: PageWindow,
  recentViewedDealIds: readonly number[] = [],
): Promise<DealSummary[]> {
  const refs = await listDealRefs(db, filter, order, page, recentViewedDealIds);
  return kept.inOrder(db, filter.brandId, refs);
}

/** The brand's deals with these ids, in the order given, unknown ids left out; summaries kept by revision. */
export async function summariesInOrder(
  db: Db,
  brandId: BrandId,
  ids: readonly number[],
): Promise<DealSummary[]> {
  const revisions = new Map((await findDealRefs(db, brandId, ids)).map((ref) => [ref.id, ref.revision]));
  const refs = ids.flatMap((id) => {
    const revision = revisions.get(id);
    return revision === undefined ? [] : [{ id, revision }];
  });
  return kept.inOrder(db, brandId, refs);
}
