/**
 * For the travel tests: a calendar deal of a brand made predictable (open, every night on
 * sale with the same rules and `rooms` rooms free), and a stay held for a basket.
 */
import { and, asc, eq, inArray, sql } from "@deals/db";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import { travelCalendarDays, travelDeals, travelFlights } from "@deals/db/schema/travel";
import type { BrandId } from "@deals/domain/brand";
import type { CommerceTestApp, TestCustomer } from "../checkout/test-support.ts";

export interface CalendarDealSetup {
  brandId?: BrandId;
  withFlights?: boolean;
  rooms?: number;
  /** Deals another test of the same app already took. */
  used: Set<number>;
}

export async function calendarDeal(t: CommerceTestApp, setup: CalendarDealSetup) {
  const types = setup.withFlights ? ["choose-your-flight"] : ["calendar"];
  const rows = await t.db
    .select({ id: deals.id })
    .from(deals)
    .innerJoin(travelDeals, eq(travelDeals.dealId, deals.id))
    .where(
      and(
        eq(deals.brandId, setup.brandId ?? "main-uk"),
        eq(deals.productDisplay, "calendar"),
        inArray(travelDeals.redeemType, types as ("calendar" | "choose-your-flight")[]),
      ),
    )
    .orderBy(asc(deals.id));
  const dealId = rows.map((r) => r.id).find((id) => !setup.used.has(id));
  if (dealId === undefined) throw new Error("No unused calendar deal left in the test catalogue");
  setup.used.add(dealId);
  await t.db
    .update(deals)
    .set({
      closingDate: null,
      soldOut: false,
      calendarSoldOut: false,
      vipExclusive: false,
      lastChance: false,
    })
    .where(eq(deals.id, dealId));
  // Open to every shopper: no product of it kept for VIP members.
  await t.db.update(dealProducts).set({ vipExclusive: false }).where(eq(dealProducts.dealId, dealId));
  const rooms = setup.rooms ?? 10;
  await t.db
    .update(travelCalendarDays)
    .set({
      openForSale: true,
      openForArrival: true,
      openForDeparture: true,
      minLengthOfStay: 1,
      maxLengthOfStay: 14,
      roomsTotal: rooms,
      roomsTaken: 0,
    })
    .where(eq(travelCalendarDays.dealId, dealId));
  await t.db.update(travelFlights).set({ seatsTaken: 0 }).where(eq(travelFlights.dealId, dealId));
  const days = await t.db
    .select()
    .from(travelCalendarDays)
    .where(eq(travelCalendarDays.dealId, dealId))
    .orderBy(asc(travelCalendarDays.date));
  return { dealId, days };
}

export function nightOf(t: CommerceTestApp, dealId: number, date: string) {
  return t.db
    .select()
    .from(travelCalendarDays)
    .where(and(eq(travelCalendarDays.dealId, dealId), eq(travelCalendarDays.date, date)))
    .then((rows) => rows[0]!);
}

export function setNight(
  t: CommerceTestApp,
  dealId: number,
  date: string,
  change: Partial<typeof travelCalendarDays.$inferInsert>,
) {
  return t.db
    .update(travelCalendarDays)
    .set(change)
    .where(and(eq(travelCalendarDays.dealId, dealId), eq(travelCalendarDays.date, date)));
}

export function roomsTakenOn(t: CommerceTestApp, dealId: number, dates: string[]) {
  return t.db
    .select({ taken: sql<number>`sum(${travelCalendarDays.roomsTaken})::int` })
    .from(travelCalendarDays)
    .where(and(eq(travelCalendarDays.dealId, dealId), inArray(travelCalendarDays.date, dates)))
    .then((rows) => Number(rows[0]?.taken ?? 0));
}

/** An empty basket (of the customer, when given); its token. */
export async function emptyBasket(t: CommerceTestApp, customer?: TestCustomer, brandId?: BrandId) {
  const response = await t.call({
    method: "POST",
    url: "/v1/basket",
    ...(customer ? { customer } : {}),
    ...(brandId ? { brandId } : {}),
    body: { products: [] },
  });
  if (response.statusCode !== 201)
    throw new Error(`basket answered ${response.statusCode}: ${response.body}`);
  return response.json().id as string;
}

export function holdStay(
  t: CommerceTestApp,
  token: string,
  body: Record<string, unknown>,
  customer?: TestCustomer,
  brandId?: BrandId,
) {
  return t.call({
    method: "POST",
    url: `/v1/basket/${token}/stay`,
    ...(customer ? { customer } : {}),
    ...(brandId ? { brandId } : {}),
    body,
  });
}
