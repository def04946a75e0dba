/**
 * Travel SQL (schema/travel.ts): a deal's calendar and flights, and the holds on its rooms
 * and seats. Rooms and seats move only by conditional updates on their counters, so two
 * shoppers can never take the same last room or seat, on any number of processes.
 */
import { and, asc, type Bind, type Db, type DbTransaction, eq, gte, inArray, type SQL, sql } from "@deals/db";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import { travelCalendarDays, travelDeals, travelFlights, travelHolds } from "@deals/db/schema/travel";
import { isoDay } from "@deals/domain/travel-stay";
import type { Taking } from "../orders/taking.ts";

type Queryable = Db | DbTransaction;

/** The travel deal, its redeem type and its cheapest product (the one a stay is booked on). */
export async function travelDealOf(db: Queryable, dealId: number) {
  const [row] = await db
    .select({
      id: deals.id,
      brandId: deals.brandId,
      currency: deals.currency,
      productDisplay: deals.productDisplay,
      bookingCalendarOnRedemption: deals.bookingCalendarOnRedemption,
      vipDiscountAllowed: sql<boolean>`(${deals.display}->>'vipDiscountAllowed')::boolean`,
      redeemType: travelDeals.redeemType,
      arrivalAirport: travelDeals.arrivalAirport,
      leadProductId: sql<number>`(select ${dealProducts.id} from ${dealProducts}
        where ${dealProducts.dealId} = ${deals.id} order by ${dealProducts.priceMinor}, ${dealProducts.id} limit 1)`,
    })
    .from(deals)
    .innerJoin(travelDeals, eq(travelDeals.dealId, deals.id))
    .where(eq(deals.id, dealId));
  return row;
}
export type TravelDealRow = NonNullable<Awaited<ReturnType<typeof travelDealOf>>>;

/** Every night on sale from `from` on, in date order. */
export function calendarDaysOf(db: Queryable, dealId: number, from: string) {
  return db
    .select()
    .from(travelCalendarDays)
    .where(and(eq(travelCalendarDays.dealId, dealId), gte(travelCalendarDays.date, from)))
    .orderBy(asc(travelCalendarDays.date));
}
export type CalendarDayRow = Awaited<ReturnType<typeof calendarDaysOf>>[number];

/** The flights out on `date` (any day when undefined), from the given airports (all when none), cheapest first. */
export function flightsOn(
  db: Queryable,
  dealId: number,
  date: string | undefined,
  airports: readonly string[],
) {
  return db
    .select()
    .from(travelFlights)
    .where(
      and(
        eq(travelFlights.dealId, dealId),
        date === undefined ? undefined : eq(travelFlights.outboundDate, date),
        airports.length > 0 ? inArray(travelFlights.departureAirport, [...airports]) : undefined,
      ),
    )
    .orderBy(asc(travelFlights.seatPriceMinor), asc(travelFlights.id));
}
export type FlightRow = Awaited<ReturnType<typeof flightsOn>>[number];

export async function flightById(db: Queryable, flightId: number) {
  const [row] = await db.select().from(travelFlights).where(eq(travelFlights.id, flightId));
  return row;
}

/**
 * Takes `rooms` on each of the nights, all or none: the update moves only nights open for
 * sale with that many rooms left, and the caller rolls back when fewer nights moved.
 */
export async function takeRooms(tx: DbTransaction, dealId: number, nights: readonly string[], rooms: number) {
  const taken = await tx
    .update(travelCalendarDays)
    .set({ roomsTaken: sql`${travelCalendarDays.roomsTaken} + ${rooms}` })
    .where(
      and(
        eq(travelCalendarDays.dealId, dealId),
        inArray(travelCalendarDays.date, [...nights]),
        eq(travelCalendarDays.openForSale, true),
        sql`${travelCalendarDays.roomsTaken} + ${rooms} <= ${travelCalendarDays.roomsTotal}`,
      ),
    )
    .returning({ date: travelCalendarDays.date });
  return taken.length === nights.length;
}

export async function takeSeats(tx: DbTransaction, flightId: number, seats: number) {
  const taken = await tx
    .update(travelFlights)
    .set({ seatsTaken: sql`${travelFlights.seatsTaken} + ${seats}` })
    .where(
      and(
        eq(travelFlights.id, flightId),
        sql`${travelFlights.seatsTaken} + ${seats} <= ${travelFlights.seatsTotal}`,
      ),
    )
    .returning({ id: travelFlights.id });
  return taken.length === 1;
}

export async function insertHold(tx: DbTransaction, hold: typeof travelHolds.$inferInsert) {
  const [row] = await tx.insert(travelHolds).values(hold).returning();
  return row!;
}
export type HoldRow = typeof travelHolds.$inferSelect;

/**
 * Releases the holds `which` selects (SQL over travel_holds) and gives their rooms and seats
 * back, in one statement: the status update picks each hold once however many processes run
 * it, and only the holds it picked give anything back. Answers how many it released and the
 * deals whose rooms came back, whose sold-out marks are then out of date (releaseHolds).
 */
export async function giveBackHolds(
  x: Queryable,
  which: ReturnType<typeof sql>,
): Promise<{ released: number; dealIds: number[] }> {
  const result = await x.execute(sql`
    with gone as (
      update ${travelHolds} set status = 'released'
      where status in ('held', 'booked') and ${which}
      returning deal_id, check_in, check_out, rooms, flight_id, seats
    ), nights as (
      select g.deal_id, night::date as date, sum(g.rooms)::int as rooms
      from gone g, generate_series(g.check_in::timestamp, g.check_out::timestamp - interval '1 day', interval '1 day') night
      group by 1, 2
    ), rooms as (
      update ${travelCalendarDays} c set rooms_taken = c.rooms_taken - n.rooms
      from nights n where c.deal_id = n.deal_id and c.date = n.date
      returning 1
    ), seats as (
      update ${travelFlights} f set seats_taken = f.seats_taken - s.seats
      from (select flight_id, sum(seats)::int as seats from gone where flight_id is not null group by 1) s
      where f.id = s.flight_id
      returning 1
    )
    select (select count(*) from gone)::int as released,
      coalesce((select array_agg(distinct deal_id) from gone), '{}')::int[] as deal_ids`);
  const row = result.rows[0] as { released: number; deal_ids: number[] } | undefined;
  return { released: Number(row?.released ?? 0), dealIds: row?.deal_ids ?? [] };
}

/**
 * Releases the holds `which` selects (giveBackHolds), and brings the sold-out mark of the deals
 * whose rooms came back up to date with them (`now` says which nights are still to come).
 */
export async function releaseHolds(x: Queryable, which: ReturnType<typeof sql>, now: Date): Promise<number> {
  const { released, dealIds } = await giveBackHolds(x, which);
  if (dealIds.length > 0) await refreshCalendarSoldOut(x, isoDay(now.getTime()), dealIds);
  return released;
}

/**
 * Marks the calendar deals of `dealIds` sold out in listings when no night from `today` on is
 * open with a room left, and clears the mark once one is. Writes only the deals whose mark is
 * wrong, so the busy path (a hold that leaves rooms) locks no deal row. Each deal looks for its
 * first night open to sell by the calendar's key: all 1,965 calendar deals of a 50,000-deal
 * catalogue in 15 ms on PostgreSQL, where one statement joining every deal to every night took
 * 105 ms (docs/scaling.md "New connections accepted between short turns").
 */
export async function refreshCalendarSoldOut(x: Queryable, today: string, dealIds: readonly number[]) {
  await x.execute(sql`
    update ${deals} d set calendar_sold_out = not d.calendar_sold_out
    where d.product_display = 'calendar' and ${inArray(sql`d.id`, [...dealIds])}
      and d.calendar_sold_out = exists (
        select 1 from ${travelCalendarDays} n
        where n.deal_id = d.id and n.date >= ${today}::date and n.open_for_sale and n.rooms_taken < n.rooms_total
      )`);
}

/** Every calendar deal's id, in order (the partial index deals_calendar holds them alone). */
export async function calendarDealIds(x: Queryable): Promise<number[]> {
  const rows = await x
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.productDisplay, "calendar"))
    .orderBy(deals.id);
  return rows.map((row) => row.id);
}

/** Holds whose time ran out (all deals, or one). */
export const expiredHolds = (now: Date, dealId?: number) =>
  dealId === undefined
    ? sql`status = 'held' and expires_at <= ${now.toISOString()}`
    : sql`status = 'held' and expires_at <= ${now.toISOString()} and deal_id = ${dealId}`;

/** A basket's live holds for lines other than `keep` (their lines are gone). */
export const holdsOfLinesNotIn = (basketToken: string, keep: readonly string[]) =>
  keep.length === 0
    ? sql`status = 'held' and basket_token = ${basketToken}`
    : sql`status = 'held' and basket_token = ${basketToken} and line_id not in (${sql.join(
        keep.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** The holds an order booked: they go back when the order fails. */
export const holdsOfOrder = (orderId: number) => sql`status = 'booked' and order_id = ${orderId}`;

/** The live holds of a basket, by line id. */
export async function liveHoldsOf(db: Queryable, basketToken: string, now: Date) {
  const rows = await db
    .select()
    .from(travelHolds)
    .where(
      and(
        eq(travelHolds.basketToken, basketToken),
        eq(travelHolds.status, "held"),
        sql`${travelHolds.expiresAt} > ${now.toISOString()}`,
      ),
    );
  return new Map(rows.map((row) => [row.lineId, row]));
}

/**
 * The part of the order statement (orders/new-order.ts) that books the basket's held stays:
 * each hold still running moves to "booked" under the new order, so it no longer expires.
 * Refuses ("stay") when any hold ran out or went meanwhile.
 */
export function stayTaking(
  bind: Bind,
  basketToken: string,
  lineIds: readonly string[],
  now: Date,
  when: SQL,
): Taking {
  const lines = sql.join(
    lineIds.map((id, i) => sql`${bind(`stay_line_${i}`, id)}`),
    sql`, `,
  );
  return {
    parts: [
      {
        name: "booked_stays",
        body: sql`
          update ${travelHolds} set status = 'booked', order_id = (select id from new_order)
          where basket_token = ${bind("stay_basket", basketToken)} and status = 'held'
            and expires_at > ${bind("stay_now", now.toISOString())}::timestamptz and line_id in (${lines}) and ${when}
          returning id`,
      },
    ],
    refusal: sql`case when (select count(*) from booked_stays) < ${bind("stay_count", lineIds.length)}::int then 'stay' end`,
  };
}

/** A guest basket's held stays follow its lines into the customer's basket when the two merge. */
export async function moveHeldStays(tx: DbTransaction, fromBasketToken: string, toBasketToken: string) {
  await tx
    .update(travelHolds)
    .set({ basketToken: toBasketToken })
    .where(and(eq(travelHolds.basketToken, fromBasketToken), eq(travelHolds.status, "held")));
}

/** Moves a basket's live holds' end to `now` (the development helper's "time is up"). */
export async function endHoldsOf(db: Queryable, basketToken: string, now: Date): Promise<number> {
  const ended = await db
    .update(travelHolds)
    .set({ expiresAt: now })
    .where(and(eq(travelHolds.basketToken, basketToken), eq(travelHolds.status, "held")))
    .returning({ id: travelHolds.id });
  return ended.length;
}
