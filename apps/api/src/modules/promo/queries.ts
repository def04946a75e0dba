/**
 * Promo codes and their usage counters. Taking a use is one conditional update on the code's
 * row (the global limit) and one conditional upsert on the buyer's row (the per-customer
 * limit), inside the statement that places the order: two checkouts can never both take the
 * last use.
 */
import { and, type Bind, count, type Db, type DbTransaction, eq, inArray, type SQL, sql } from "@deals/db";
import { orders, promoCodeBuyerUses, promoCodes } from "@deals/db/schema/commerce";
import type { BrandId } from "@deals/domain/brand";
import type { Promo, PromoUsage } from "@deals/domain/promo";
import type { Taking } from "../orders/taking.ts";

export type PromoRow = typeof promoCodes.$inferSelect;

/** Codes are matched whatever their case or surrounding spaces. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function toPromo(row: PromoRow): Promo {
  return {
    code: row.code,
    discount:
      row.discountKind === "percentage"
        ? { kind: "percentage", percent: row.percent ?? 0 }
        : { kind: "fixed", amountMinor: row.amountMinor ?? 0, currency: row.currency ?? "GBP" },
    ...(row.startsAt ? { startsAt: row.startsAt } : {}),
    ...(row.expiresAt ? { expiresAt: row.expiresAt } : {}),
    dealIds: row.dealIds,
    categoryIds: row.categoryIds,
    ...(row.maxUses === null ? {} : { maxUses: row.maxUses }),
    ...(row.maxUsesPerCustomer === null ? {} : { maxUsesPerCustomer: row.maxUsesPerCustomer }),
    newCustomersOnly: row.newCustomersOnly,
  };
}

/** The code's terms on this brand (undefined when unknown here) and its usage so far. */
export async function loadPromo(
  db: Db | DbTransaction,
  code: string,
  brandId: BrandId,
  buyerKey: string,
): Promise<{ promo: Promo | undefined; usage: PromoUsage }> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalisePromoCode(code)))
    .limit(1);
  const [buyerUses] = await db
    .select({ uses: promoCodeBuyerUses.uses })
    .from(promoCodeBuyerUses)
    .where(
      and(eq(promoCodeBuyerUses.code, normalisePromoCode(code)), eq(promoCodeBuyerUses.buyerKey, buyerKey)),
    );
  const [orderCount] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.buyerKey, buyerKey), inArray(orders.status, ["paid"])));
  const onBrand = row && (row.brandId === null || row.brandId === brandId);
  return {
    promo: onBrand ? toPromo(row) : undefined,
    usage: {
      totalUses: row?.timesUsed ?? 0,
      customerUses: buyerUses?.uses ?? 0,
      customerOrders: Number(orderCount?.n ?? 0),
    },
  };
}

/**
 * Takes one use of the code for `buyerKey` once `when` holds, as parts of the statement that
 * places the order (orders/taking.ts); refuses with "promo" when either limit is reached.
 */
export function promoUseTaking(bind: Bind, promoCode: string, buyer: string, when: SQL): Taking {
  const code = bind("promo_code", promoCode);
  const buyerKey = bind("promo_buyer_key", buyer);
  return {
    parts: [
      {
        name: "promo_use",
        body: sql`
          update ${promoCodes} set times_used = times_used + 1
          where code = ${code} and (max_uses is null or times_used < max_uses) and ${when}
          returning max_uses_per_customer`,
      },
      {
        name: "promo_buyer_use",
        body: sql`
          insert into ${promoCodeBuyerUses} as u (code, buyer_key, uses)
          select ${code}, ${buyerKey}, 1 from promo_use
          where max_uses_per_customer is null or max_uses_per_customer >= 1
          on conflict (code, buyer_key) do update set uses = u.uses + 1
          where (select max_uses_per_customer from promo_use) is null
            or u.uses < (select max_uses_per_customer from promo_use)
          returning 1`,
      },
    ],
    refusal: sql`case when not exists (select 1 from promo_buyer_use) then 'promo' end`,
  };
}

/** Gives back a use taken by an order that then failed. */
export async function releasePromoUse(tx: DbTransaction, code: string, buyerKey: string): Promise<void> {
  await tx
    .update(promoCodes)
    .set({ timesUsed: sql`greatest(${promoCodes.timesUsed} - 1, 0)` })
    .where(eq(promoCodes.code, code));
  await tx
    .update(promoCodeBuyerUses)
    .set({ uses: sql`greatest(${promoCodeBuyerUses.uses} - 1, 0)` })
    .where(and(eq(promoCodeBuyerUses.code, code), eq(promoCodeBuyerUses.buyerKey, buyerKey)));
}
