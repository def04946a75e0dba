/**
 * The promo codes every fresh database starts with, so a shopper (and a test) can try the
 * promo field at checkout (product.md §5): ones that apply to any basket on any brand (the
 * welcome code and the exit promo's code), and one that has expired. Deterministic for the
 * same `now`.
 */
import { EXIT_PROMO_CODE } from "@deals/domain/constants";
import type { Db } from "../open.ts";
import { promoCodes } from "../schema/commerce.ts";

export type PromoCodeRow = typeof promoCodes.$inferInsert;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The codes, dated around `now`: the expired one ended the day before. */
export function promoCodeRows(now: Date): PromoCodeRow[] {
  return [
    {
      code: "WELCOME10",
      brandId: null,
      discountKind: "percentage",
      percent: 10,
      startsAt: new Date(now.getTime() - 30 * DAY_MS),
      maxUsesPerCustomer: 1,
    },
    {
      // Offered by the exit promo modal (product.md §2 "App shell": SAVE AN EXTRA 10%).
      code: EXIT_PROMO_CODE,
      brandId: null,
      discountKind: "percentage",
      percent: 10,
      startsAt: new Date(now.getTime() - 30 * DAY_MS),
      maxUsesPerCustomer: 1,
    },
    {
      code: "EXPIRED10",
      brandId: null,
      discountKind: "percentage",
      percent: 10,
      startsAt: new Date(now.getTime() - 60 * DAY_MS),
      expiresAt: new Date(now.getTime() - DAY_MS),
    },
  ];
}

export async function seedPromoCodes(db: Db, now: Date): Promise<number> {
  const rows = promoCodeRows(now);
  await db.insert(promoCodes).values(rows);
  return rows.length;
}
