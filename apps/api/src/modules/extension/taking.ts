/**
 * The order statement's part for an extension (orders/new-order.ts): the voucher is marked
 * as being extended by this order with one conditional update, so of two orders paying for the
 * same extension at once (two tabs, two keys) only one is placed and charged; the other
 * refuses before any payment. A failed order gives the voucher back (releaseExtensions).
 */
import { and, type Bind, type DbTransaction, eq, type SQL, sql } from "@deals/db";
import { vouchers } from "@deals/db/schema/commerce";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { EXTENDED_EVENT, extendedExpiry } from "@deals/domain/voucher-extension";
import type { Taking } from "../orders/taking.ts";
import { addVoucherEvent } from "../vouchers/queries.ts";

/** What order_refused is told when a voucher is already extended (or being paid for). */
export const EXTENSION_REFUSAL = "extension";

export function extensionTaking(
  bind: Bind,
  voucherIds: readonly number[],
  customerId: number,
  orderId: SQL,
  when: SQL,
): Taking {
  const customer = bind("extension_customer", customerId);
  const parts = voucherIds.map((voucherId, i) => ({
    name: `extension_${i}`,
    body: sql`
      update ${vouchers} set extension_order_id = ${orderId}
      where id = ${bind(`extension_${i}_voucher`, voucherId)} and customer_id = ${customer}
        and extension_order_id is null and status in ('Ready to Redeem', 'Expired') and ${when}
      returning id`,
  }));
  const missing = parts.map((p) => sql.raw(`not exists (select 1 from ${p.name})`));
  return {
    parts,
    refusal: sql`case when ${sql.join(missing, sql` or `)} then ${sql.raw(`'${EXTENSION_REFUSAL}'`)} end`,
  };
}

/** A failed order's extensions are free to be bought again. */
export async function releaseExtensions(tx: DbTransaction, orderId: number): Promise<void> {
  await tx
    .update(vouchers)
    .set({ extensionOrderId: null })
    .where(and(eq(vouchers.extensionOrderId, orderId)));
}

/**
 * The paid order's extensions: each voucher it holds gets its new expiry (ready to use again
 * if it had expired) and "Extended" in its timeline. Runs in the order's completion, which
 * happens once, so a voucher is extended once.
 */
export async function applyExtensions(
  tx: DbTransaction,
  order: { id: number; brandId: string },
  voucherIds: readonly number[],
  now: Date,
): Promise<void> {
  const locale = BRANDS[order.brandId as BrandId].locale;
  for (const voucherId of voucherIds) {
    const [voucher] = await tx
      .select({ expiresAt: vouchers.expiresAt })
      .from(vouchers)
      .where(and(eq(vouchers.id, voucherId), eq(vouchers.extensionOrderId, order.id)))
      .for("update");
    if (!voucher) continue;
    const expiresAt = extendedExpiry(voucher.expiresAt, now);
    await tx
      .update(vouchers)
      .set({
        expiresAt,
        status: sql`case when ${vouchers.status} = 'Expired' then 'Ready to Redeem' else ${vouchers.status} end`,
      })
      .where(eq(vouchers.id, voucherId));
    await addVoucherEvent(tx, {
      voucherId,
      status: EXTENDED_EVENT,
      note: `Valid until ${longDate(expiresAt.toISOString(), locale)}`,
      createdAt: now,
    });
  }
}
