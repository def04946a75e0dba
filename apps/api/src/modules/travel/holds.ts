/**
 * Live holds ("book before you buy"): picking dates holds the stay's room nights (and flight
 * seats) for the shopper's basket line for 15 minutes. The hold is taken by conditional
 * updates in the same transaction that writes the line, so the basket never shows dates that
 * are not held; it ends by the clock (expires_at, released by whoever looks next or by the
 * sweep), when its line leaves the basket, or when the order that booked it fails.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "@deals/db";
import type { BasketLineRecord } from "@deals/db/schema/commerce";
import type { Brand } from "@deals/domain/brand";
import { MAX_QUANTITY_REACHED_MESSAGE } from "@deals/domain/quantity";
import {
  checkStayRequest,
  holdExpiresAt,
  isoDay,
  roomsForGuests,
  STAY_MESSAGES,
  stayRoomPrice,
} from "@deals/domain/travel-stay";
import { ApiError } from "../../errors.ts";
import type { Customer } from "../accounts/auth.ts";
import { lockBasket, updateBasket } from "../basket/queries.ts";
import { assertBasketAccess, requireBasketToken, toBasket } from "../basket/service.ts";
import { customerBuyerKey } from "../checkout/buyer.ts";
import { ITEM_UNAVAILABLE_MESSAGE, isProductBuyable } from "../checkout/pricing.ts";
import { loadProductFacts } from "../checkout/products.ts";
import { salesWindowStarts } from "../deals/service.ts";
import { calendarDeal, calendarOf } from "./availability.ts";
import {
  calendarDealIds,
  expiredHolds,
  flightById,
  giveBackHolds,
  holdsOfLinesNotIn,
  insertHold,
  refreshCalendarSoldOut,
  releaseHolds,
  takeRooms,
  takeSeats,
} from "./queries.ts";
import type { StayBody } from "./schemas.ts";

export interface HoldContext {
  db: Db;
  now: Date;
  brand: Brand;
  customer: Customer | null;
}

const refuse = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** A stay's flight: on this deal, out on the check-in day, with a seat per guest left. */
async function flightFor(db: Db, dealId: number, body: StayBody) {
  if (body.flightId === undefined) return null;
  const flight = await flightById(db, body.flightId);
  if (!flight || flight.dealId !== dealId || flight.outboundDate !== body.checkInDate) {
    throw refuse(422, "FLIGHT_UNAVAILABLE", STAY_MESSAGES.flightUnavailable);
  }
  return flight;
}

/**
 * POST basket/{token}/stay: checks the dates against the calendar, holds the rooms (and
 * seats) and puts the stay in the basket as one line of `rooms` units on the deal's lead
 * product, replacing that line's earlier dates and their hold.
 */
export async function holdStay(ctx: HoldContext, token: string, body: StayBody) {
  requireBasketToken(token);
  const deal = await calendarDeal(ctx.db, ctx.brand, body.dealId);
  const buyerKey = ctx.customer ? customerBuyerKey(ctx.customer) : null;
  const facts = await loadProductFacts(ctx.db, [deal.leadProductId], salesWindowStarts(ctx.now), buyerKey);
  const product = facts.get(deal.leadProductId);
  if (!product || !isProductBuyable(product, ctx.now, undefined)) {
    throw refuse(422, "ITEM_UNAVAILABLE", ITEM_UNAVAILABLE_MESSAGE);
  }
  // Holds past their time give their rooms back first, so their nights read as open.
  await releaseHolds(ctx.db, expiredHolds(ctx.now, deal.id), ctx.now);
  const days = await calendarOf(ctx.db, deal, roomsForGuests(body.guests) ?? 1, ctx.now);
  const stay = checkStayRequest(days, {
    checkIn: body.checkInDate,
    checkOut: body.checkOutDate,
    guests: body.guests,
  });
  if (!stay.ok) throw refuse(422, stay.code, stay.reason);
  // Its rooms count as bought when paid: never more than the product has left (orders/stock.ts).
  if (product.totalStock !== null && product.totalStock - product.totalBought < stay.rooms) {
    throw refuse(422, "MAX_QUANTITY_REACHED", MAX_QUANTITY_REACHED_MESSAGE);
  }
  const flight = await flightFor(ctx.db, deal.id, body);
  const seatsPerRoom = flight ? 2 : 0;
  const roomPrice = stayRoomPrice(days, stay.nights, false) + seatsPerRoom * (flight?.seatPriceMinor ?? 0);
  const vipRoomPrice = stayRoomPrice(days, stay.nights, true) + seatsPerRoom * (flight?.seatPriceMinor ?? 0);
  const lineId = String(deal.leadProductId);

  return ctx.db.transaction(async (tx) => {
    const row = assertBasketAccess(await lockBasket(tx, token), ctx);
    if (row.brandId !== ctx.brand.id)
      throw refuse(404, "BASKET_NOT_FOUND", "There is no basket with this token.");
    // New dates for the same line replace the old ones.
    const otherLines = row.lines.filter((l) => l.id !== lineId);
    const given = await giveBackHolds(
      tx,
      holdsOfLinesNotIn(
        token,
        otherLines.map((l) => l.id),
      ),
    );
    if (!(await takeRooms(tx, deal.id, stay.nights, stay.rooms))) {
      throw refuse(409, "DATES_TAKEN", STAY_MESSAGES.datesTaken);
    }
    if (flight && !(await takeSeats(tx, flight.id, body.guests))) {
      throw refuse(409, "FLIGHT_UNAVAILABLE", STAY_MESSAGES.flightUnavailable);
    }
    // One mark for this deal and any whose rooms came back, once the rooms have moved.
    const moved = [...new Set([deal.id, ...given.dealIds])];
    await refreshCalendarSoldOut(tx, isoDay(ctx.now.getTime()), moved);
    const expiresAt = holdExpiresAt(ctx.now);
    const hold = await insertHold(tx, {
      basketToken: token,
      lineId,
      dealId: deal.id,
      productId: deal.leadProductId,
      checkIn: body.checkInDate,
      checkOut: body.checkOutDate,
      rooms: stay.rooms,
      flightId: flight?.id ?? null,
      seats: flight ? body.guests : 0,
      roomPriceMinor: roomPrice,
      vipRoomPriceMinor: Math.min(vipRoomPrice, roomPrice),
      status: "held",
      expiresAt,
      createdAt: ctx.now,
    });
    const line: BasketLineRecord = {
      id: lineId,
      dealId: deal.id,
      dealProductId: deal.leadProductId,
      quantity: stay.rooms,
      payDeposit: false,
      deliveryOptionType: null,
      checkInDate: body.checkInDate,
      checkOutDate: body.checkOutDate,
      bookingCalendarOnRedemption: deal.bookingCalendarOnRedemption,
    };
    const updated = await updateBasket(tx, token, { lines: [...otherLines, line] }, ctx.now);
    return {
      basket: toBasket(updated, {}),
      hold: {
        id: hold.id,
        lineId,
        checkInDate: hold.checkIn,
        checkOutDate: hold.checkOut,
        rooms: hold.rooms,
        guests: body.guests,
        flightId: hold.flightId,
        roomPrice: hold.roomPriceMinor,
        totalPrice: hold.roomPriceMinor * hold.rooms,
        expiresAt: hold.expiresAt.toISOString(),
      },
    };
  });
}

/** Every hold past its time gives its rooms and seats back (their deals' sold-out marks follow). */
export function releaseExpiredHolds(db: Db, now: Date) {
  return releaseHolds(db, expiredHolds(now), now);
}

/** Calendar deals whose sold-out mark one statement of the daily check works out. */
const MARKED_AT_ONCE = 200;

/**
 * The sweep, run every HOLD_SWEEP_INTERVAL_MS: holds past their time end, and on its first run
 * of each day every calendar deal's sold-out mark is worked out again, since a night passing can
 * leave a deal with none to sell. Rooms taken or given back mark their own deals as they move.
 * The daily check goes a few hundred deals at a time, with a turn of the event loop before each
 * statement: one statement for all of them held PGlite's one thread 130 to 355 ms, and every
 * request in flight with it (docs/scaling.md "New connections accepted between short turns").
 */
export function holdSweep(db: Db, clock: () => Date): () => Promise<void> {
  let markedDay: string | undefined;
  return async () => {
    const now = clock();
    await releaseExpiredHolds(db, now);
    const today = isoDay(now.getTime());
    if (today === markedDay) return;
    await nextTurn();
    const ids = await calendarDealIds(db);
    for (let start = 0; start < ids.length; start += MARKED_AT_ONCE) {
      await nextTurn();
      await refreshCalendarSoldOut(db, today, ids.slice(start, start + MARKED_AT_ONCE));
    }
    markedDay = today;
  };
}
