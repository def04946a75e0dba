import { and, asc, eq, ne, sql } from "@deals/db";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import { travelCalendarDays, travelHolds } from "@deals/db/schema/travel";
import { TEST_NOW } from "@deals/db/testing";
import { CALENDAR_MESSAGES } from "@deals/domain/calendar";
import { MAX_QUANTITY_REACHED_MESSAGE } from "@deals/domain/quantity";
import {
  addDays,
  STAY_MESSAGES,
  stayPassengersMessage,
  TRAVEL_HOLD_MINUTES,
} from "@deals/domain/travel-stay";
import { VALIDATION_MESSAGES } from "@deals/domain/validation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING,
  type CommerceTestApp,
  card,
  idempotencyKey,
  startCommerceApp,
} from "../checkout/test-support.ts";
import { holdSweep, releaseExpiredHolds } from "./holds.ts";
import { calendarDeal, emptyBasket, holdStay, nightOf, roomsTakenOn, setNight } from "./test-support.ts";

let t: CommerceTestApp;
const used = new Set<number>();
beforeAll(async () => {
  // Listings answer afresh here (not kept for a minute), so a night sold out shows at once.
  const cacheTtl = process.env.RESPONSE_CACHE_TTL_MS;
  process.env.RESPONSE_CACHE_TTL_MS = "0";
  t = await startCommerceApp();
  if (cacheTtl === undefined) delete process.env.RESPONSE_CACHE_TTL_MS;
  else process.env.RESPONSE_CACHE_TTL_MS = cacheTtl;
});
afterAll(() => t.close());

const today = TEST_NOW.toISOString().slice(0, 10);
const MINUTE = 60_000;

const passenger = (firstNames: string) => ({
  title: "Mrs",
  firstNames,
  lastName: "Traveller",
  dateOfBirth: { day: 4, month: 7, year: 1985 },
  contactPhone: "07700 900123",
});

function pay(token: string, customer: Parameters<CommerceTestApp["call"]>[0]["customer"], body: object) {
  return t.call({
    method: "POST",
    url: `/v1/checkout/${token}`,
    ...(customer ? { customer } : {}),
    headers: { "idempotency-key": idempotencyKey() },
    body: {
      address: BILLING,
      payment: { method: "credit_card", instrumentType: "NEW", card: card("4111111111111111") },
      ...body,
    },
  });
}

describe("availability calendar", () => {
  it("lists each night from today with every calendar day field, months, last stay and stay lengths", async () => {
    const { dealId } = await calendarDeal(t, { used });
    const checkIn = addDays(today, 5);
    await setNight(t, dealId, checkIn, { roomsTaken: 10 });
    await setNight(t, dealId, addDays(today, 6), { openForSale: false });
    const response = await t.call({ method: "GET", url: `/v1/availability/deal/${dealId}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { data } = response.json();
    const days = data.calendarDateViewVOList;
    expect(days[0].date).toBe(today);
    expect(days[0]).toMatchObject({
      dateString: expect.stringContaining("June 2026"),
      minPrice: expect.any(Number),
      soldOut: false,
      openForSale: true,
      openForArrival: true,
      openForDeparture: true,
      minLengthOfStay: 1,
      maxLengthOfStay: 14,
      vipDiscountAllowed: expect.any(Boolean),
    });
    expect(days.find((d: { date: string }) => d.date === checkIn).soldOut).toBe(true);
    expect(days.find((d: { date: string }) => d.date === addDays(today, 6)).openForSale).toBe(false);
    expect(data).toMatchObject({
      currency: "GBP",
      currentMonth: 6,
      currentYear: 2026,
      nextAvailableMonth: 7,
      previousAvailableMonth: null,
      lastAvailableStay: days.at(-1).date,
      supportedNumberOfNights: Array.from({ length: 14 }, (_, i) => i + 1),
    });

    const later = await t.call({ method: "GET", url: `/v1/availability/deal/${dealId}?month=8&year=2026` });
    expect(later.json().data).toMatchObject({
      currentMonth: 8,
      previousAvailableMonth: 7,
      nextAvailableMonth: 9,
    });
    // 4 rooms wanted: a night with 3 left reads as sold out for them.
    await setNight(t, dealId, addDays(today, 8), { roomsTaken: 7 });
    const family = await t.call({ method: "GET", url: `/v1/availability/deal/${dealId}?guests=8` });
    const night = family
      .json()
      .data.calendarDateViewVOList.find((d: { date: string }) => d.date === addDays(today, 8));
    expect(night.soldOut).toBe(true);
  });

  it("answers bad input with a 4xx and a clear message, and another site's deal with 404", async () => {
    const { dealId } = await calendarDeal(t, { used, brandId: "sister-uk" });
    const guests = await t.call({
      method: "GET",
      url: `/v1/availability/deal/${dealId}?guests=3`,
      brandId: "sister-uk",
    });
    expect(guests.statusCode).toBe(400);
    expect(guests.json().error.message).toContain(VALIDATION_MESSAGES.passengerCount);
    const nights = await t.call({
      method: "GET",
      url: `/v1/availability/deal/${dealId}?nights=17`,
      brandId: "sister-uk",
    });
    expect(nights.statusCode).toBe(400);
    expect(nights.json().error.message).toContain(VALIDATION_MESSAGES.nights);
    for (const url of [`/v1/availability/deal/${dealId}?month=13`, "/v1/availability/deal/abc"]) {
      expect((await t.call({ method: "GET", url, brandId: "sister-uk" })).statusCode).toBe(400);
    }
    const elsewhere = await t.call({
      method: "GET",
      url: `/v1/availability/deal/${dealId}`,
      brandId: "sister-ie",
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

async function leadProductOf(dealId: number) {
  const [product] = await t.db
    .select()
    .from(dealProducts)
    .where(eq(dealProducts.dealId, dealId))
    .orderBy(asc(dealProducts.priceMinor), asc(dealProducts.id))
    .limit(1);
  return product!;
}

async function dealBoughtOf(dealId: number) {
  const [deal] = await t.db
    .select({ totalBought: deals.totalBought })
    .from(deals)
    .where(eq(deals.id, dealId));
  return deal!.totalBought;
}

describe("holding a stay", () => {
  it("holds the rooms, prices the nights at checkout, and books them when paid: voucher Booked", async () => {
    const customer = await t.createCustomer();
    const { dealId, days } = await calendarDeal(t, { used });
    // Caps that count vouchers do not limit a stay: the nights' rooms are its stock.
    const product = await leadProductOf(dealId);
    await t.db
      .update(dealProducts)
      .set({ purchaseCap: 1, maxPerCustomer: 1, dailyCap: 1, totalStock: null })
      .where(eq(dealProducts.id, product.id));
    const dealBought = await dealBoughtOf(dealId);
    const checkIn = addDays(today, 10);
    const checkOut = addDays(today, 13);
    const nights = [checkIn, addDays(today, 11), addDays(today, 12)];
    const token = await emptyBasket(t, customer);
    const held = await holdStay(
      t,
      token,
      { dealId, checkInDate: checkIn, checkOutDate: checkOut, guests: 4 },
      customer,
    );
    expect(held.statusCode, held.body).toBe(201);
    const { hold, basket } = held.json();
    const roomPrice = days.filter((d) => nights.includes(d.date)).reduce((sum, d) => sum + d.priceMinor, 0);
    expect(hold).toMatchObject({ rooms: 2, guests: 4, roomPrice, totalPrice: 2 * roomPrice });
    expect(Date.parse(hold.expiresAt) - TEST_NOW.getTime()).toBe(TRAVEL_HOLD_MINUTES * MINUTE);
    expect(basket.products).toEqual([
      expect.objectContaining({
        dealId,
        quantity: 2,
        checkInDate: checkIn,
        checkOutDate: checkOut,
        bookingCalendarOnRedemption: true,
      }),
    ]);
    expect(await roomsTakenOn(t, dealId, nights)).toBe(6);

    const checkout = (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();
    expect(checkout).toMatchObject({
      isTravel: true,
      isTravelValid: true,
      requirements: { passengers: true },
    });
    expect(checkout.countdown).toEqual({ closesAt: hold.expiresAt, hold: true });
    const line = checkout.deals[0].products[0];
    expect(line).toMatchObject({ checkInDate: checkIn, holdExpiresAt: hold.expiresAt, unitPrice: roomPrice });
    expect(line.lineTotal).toBe(2 * (roomPrice + line.adminFee));
    expect(checkout.orderSummary.totalOrderAmount).toBe(line.lineTotal);

    const twoPassengers = await pay(token, customer, { passengers: [passenger("Ann"), passenger("Bea")] });
    expect(twoPassengers.statusCode).toBe(400);
    expect(twoPassengers.json().error.message).toBe(stayPassengersMessage(4));
    const paid = await pay(token, customer, { passengers: ["Ann", "Bea", "Cat", "Dee"].map(passenger) });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().vouchers.map((v: { status: string }) => v.status)).toEqual(["Booked", "Booked"]);
    // Its 2 rooms count as bought, on the product and on the deal listings show.
    expect((await leadProductOf(dealId)).totalBought).toBe(product.totalBought + 2);
    expect(await dealBoughtOf(dealId)).toBe(dealBought + 2);
    const [booked] = await t.db.select().from(travelHolds).where(eq(travelHolds.basketToken, token));
    expect(booked).toMatchObject({ status: "booked", orderId: paid.json().productOrder.id });
    // A booking never expires: the rooms stay taken after the hold's time.
    t.advance(TRAVEL_HOLD_MINUTES * MINUTE + MINUTE);
    await releaseExpiredHolds(t.db, t.now());
    expect(await roomsTakenOn(t, dealId, nights)).toBe(6);
  });

  it("keeps a guest's held stay when signing in merges it into the customer's basket", async () => {
    // Any Irish calendar deal (made fresh): the UK ones are each kept for a test of their own.
    const brandId = "main-ie";
    const customer = await t.createCustomer({ brandId });
    const theirs = await emptyBasket(t, customer, brandId);
    const { dealId } = await calendarDeal(t, { used: new Set(), brandId });
    const checkIn = addDays(today, 20);
    const checkOut = addDays(today, 22);
    const guest = await emptyBasket(t, undefined, brandId);
    const stay = { dealId, checkInDate: checkIn, checkOutDate: checkOut, guests: 2 };
    const held = await holdStay(t, guest, stay, undefined, brandId);
    expect(held.statusCode, held.body).toBe(201);
    const { hold } = held.json();

    const linked = await t.call({ method: "PATCH", url: `/v1/basket/${guest}`, customer, brandId, body: {} });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().id).toBe(theirs);
    const checkout = (
      await t.call({ method: "GET", url: `/v1/checkout/${theirs}`, customer, brandId })
    ).json();
    expect(checkout.countdown).toEqual({ closesAt: hold.expiresAt, hold: true });
    expect(checkout.deals[0].products[0]).toMatchObject({
      checkInDate: checkIn,
      holdExpiresAt: hold.expiresAt,
    });
  });

  it("gives the rooms back when the hold runs out: the line leaves the basket with the hold message", async () => {
    const customer = await t.createCustomer();
    const { dealId } = await calendarDeal(t, { used, rooms: 1 });
    const checkIn = addDays(today, 20);
    const checkOut = addDays(today, 22);
    const token = await emptyBasket(t, customer);
    expect(
      (
        await holdStay(
          t,
          token,
          { dealId, checkInDate: checkIn, checkOutDate: checkOut, guests: 2 },
          customer,
        )
      ).statusCode,
    ).toBe(201);
    const rival = await emptyBasket(t);
    const refused = await holdStay(t, rival, {
      dealId,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      guests: 2,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(CALENDAR_MESSAGES.checkInUnavailable);

    t.advance(TRAVEL_HOLD_MINUTES * MINUTE);
    const checkout = (await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer })).json();
    expect(checkout.removedItems).toEqual([
      expect.objectContaining({ dealId, message: STAY_MESSAGES.holdExpired }),
    ]);
    expect(
      (await t.call({ method: "GET", url: `/v1/basket/${token}`, customer })).json().products,
    ).toHaveLength(1);
    // The checkout timer's reload (timerElapsed) takes the line out of the basket.
    await t.call({ method: "GET", url: `/v1/checkout/${token}?timerElapsed=true`, customer });
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}`, customer })).json().products).toEqual(
      [],
    );
    // The rival gets the room now: the expired hold is given back as it holds.
    const second = await holdStay(t, rival, {
      dealId,
      checkInDate: checkIn,
      checkOutDate: checkOut,
      guests: 2,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(await roomsTakenOn(t, dealId, [checkIn, addDays(today, 21)])).toBe(2);
  });

  it("gives the rooms back when the line is removed or the order fails", async () => {
    const customer = await t.createCustomer();
    const { dealId } = await calendarDeal(t, { used });
    const checkIn = addDays(today, 30);
    const stay = { dealId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 1), guests: 2 };
    const token = await emptyBasket(t, customer);
    const { basket } = (await holdStay(t, token, stay, customer)).json();
    expect(await roomsTakenOn(t, dealId, [checkIn])).toBe(1);
    const removed = await t.call({
      method: "DELETE",
      url: `/v1/basket/${token}/product/${basket.products[0].id}`,
      customer,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await roomsTakenOn(t, dealId, [checkIn])).toBe(0);

    // New dates for the same line replace the old hold.
    await holdStay(t, token, stay, customer);
    await holdStay(
      t,
      token,
      { ...stay, checkInDate: addDays(checkIn, 1), checkOutDate: addDays(checkIn, 2) },
      customer,
    );
    expect(await roomsTakenOn(t, dealId, [checkIn])).toBe(0);
    expect(await roomsTakenOn(t, dealId, [addDays(checkIn, 1)])).toBe(1);

    const declined = await pay(token, customer, {
      passengers: [passenger("Ann"), passenger("Bea")],
      payment: { method: "credit_card", instrumentType: "NEW", card: card("4000000000000002") },
    });
    expect(declined.json().error.code, declined.body).toBe("PAYMENT_FAILED");
    expect(await roomsTakenOn(t, dealId, [addDays(checkIn, 1)])).toBe(0);
  });

  it("shows a calendar deal sold out once no night is left, on sale again when a room comes back; stays never pass the product's stock", async () => {
    const brandId = "sister-ie";
    const { dealId } = await calendarDeal(t, { used, brandId, rooms: 2 });
    const last = addDays(today, 3);
    await t.db
      .update(travelCalendarDays)
      .set({ roomsTaken: 2 })
      .where(and(eq(travelCalendarDays.dealId, dealId), ne(travelCalendarDays.date, last)));
    const soldOut = async () =>
      (await t.call({ method: "GET", url: `/v1/deal/${dealId}`, brandId })).json().soldOut;
    expect(await soldOut()).toBe(false);

    const token = await emptyBasket(t, undefined, brandId);
    const stay = (guests: number) =>
      holdStay(
        t,
        token,
        { dealId, checkInDate: last, checkOutDate: addDays(last, 1), guests },
        undefined,
        brandId,
      );
    expect((await stay(4)).statusCode).toBe(201);
    expect(await soldOut()).toBe(true);
    // Its listing rank sinks with the sold-out deals, after every deal on sale.
    const rank = async () =>
      Number(
        (await t.db.execute(sql`select popularity from deal_listings where deal_id = ${dealId}`)).rows[0]!
          .popularity,
      );
    expect(await rank()).toBeLessThan(0);

    // The line leaves the basket: its rooms go back, and the deal is on sale again at once.
    const line = (await t.call({ method: "GET", url: `/v1/basket/${token}`, brandId })).json().products[0];
    await t.call({ method: "DELETE", url: `/v1/basket/${token}/product/${line.id}`, brandId });
    expect(await soldOut()).toBe(false);
    expect(await rank()).toBeGreaterThanOrEqual(0);

    // A stay's rooms count as bought when paid, so none is held past the product's stock.
    const product = await leadProductOf(dealId);
    await t.db
      .update(dealProducts)
      .set({ totalStock: product.totalBought + 1 })
      .where(eq(dealProducts.id, product.id));
    const refused = await stay(4);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(MAX_QUANTITY_REACHED_MESSAGE);
    expect(await roomsTakenOn(t, dealId, [last])).toBe(0);
    expect((await stay(2)).statusCode).toBe(201);
  });

  it("marks a calendar deal sold out on the sweep's first run of the day after its last open night", async () => {
    const brandId = "main-ie";
    const { dealId } = await calendarDeal(t, { used: new Set(), brandId });
    const lastOpen = addDays(today, 1);
    await t.db
      .update(travelCalendarDays)
      .set({ openForSale: false })
      .where(and(eq(travelCalendarDays.dealId, dealId), sql`${travelCalendarDays.date} > ${lastOpen}::date`));
    const soldOut = async () =>
      (await t.call({ method: "GET", url: `/v1/deal/${dealId}`, brandId })).json().soldOut;
    let now = TEST_NOW;
    const sweep = holdSweep(t.db, () => now);
    await sweep();
    expect(await soldOut()).toBe(false);
    // No night from the day after on is open: nothing left to sell.
    now = new Date(Date.parse(`${addDays(lastOpen, 1)}T08:00:00Z`));
    await sweep();
    expect(await soldOut()).toBe(true);
  });

  it("refuses a calendar product put in the basket without dates: it is booked only as a stay", async () => {
    const brandId = "main-ie";
    // Nothing changes, so any calendar deal of the site will do.
    const [product] = await t.db
      .select({ id: dealProducts.id, dealId: dealProducts.dealId })
      .from(dealProducts)
      .innerJoin(deals, eq(deals.id, dealProducts.dealId))
      .where(and(eq(deals.brandId, brandId), eq(deals.productDisplay, "calendar")))
      .limit(1);
    const dealId = product!.dealId;
    const line = { dealId, productId: product!.id, quantity: 1 };
    const created = await t.call({ method: "POST", url: "/v1/basket", brandId, body: { products: [line] } });
    expect(created.statusCode).toBe(422);
    expect(created.json().error).toEqual({ code: "DATES_REQUIRED", message: STAY_MESSAGES.datesRequired });

    const token = await emptyBasket(t, undefined, brandId);
    const added = await t.call({ method: "POST", url: `/v1/basket/${token}/product`, brandId, body: line });
    expect(added.statusCode).toBe(422);
    expect(added.json().error.message).toBe(STAY_MESSAGES.datesRequired);
    const replaced = await t.call({
      method: "PUT",
      url: `/v1/basket/${token}`,
      brandId,
      body: { id: token, products: [line] },
    });
    expect(replaced.statusCode).toBe(422);
    expect((await t.call({ method: "GET", url: `/v1/basket/${token}`, brandId })).json().products).toEqual(
      [],
    );
  });

  it("refuses bad stays with a 4xx and a clear message, changing nothing", async () => {
    const { dealId } = await calendarDeal(t, { used });
    await setNight(t, dealId, addDays(today, 42), { roomsTaken: 10 });
    await setNight(t, dealId, addDays(today, 50), { minLengthOfStay: 3 });
    const token = await emptyBasket(t);
    const stay = (checkIn: string, checkOut: string, guests: unknown = 2) =>
      holdStay(t, token, { dealId, checkInDate: checkIn, checkOutDate: checkOut, guests });
    const cases: [Promise<{ statusCode: number; json(): { error: { message: string } } }>, number, string][] =
      [
        [stay("2026-02-30", addDays(today, 3)), 400, STAY_MESSAGES.malformedDate],
        [stay("15/07/2026", addDays(today, 3)), 400, STAY_MESSAGES.malformedDate],
        [stay(addDays(today, 40), addDays(today, 38)), 422, CALENDAR_MESSAGES.checkOutNotAfterCheckIn],
        [stay(addDays(today, 40), addDays(today, 40)), 422, CALENDAR_MESSAGES.checkOutNotAfterCheckIn],
        [stay(addDays(today, -3), addDays(today, 2)), 422, STAY_MESSAGES.outsideWindow],
        [stay(addDays(today, 118), addDays(today, 125)), 422, STAY_MESSAGES.outsideWindow],
        [stay(addDays(today, 60), addDays(today, 77)), 422, VALIDATION_MESSAGES.nights],
        [stay(addDays(today, 60), addDays(today, 75)), 422, "The maximum stay from this date is 14 nights"],
        [stay(addDays(today, 50), addDays(today, 52)), 422, "The minimum stay from this date is 3 nights"],
        [stay(addDays(today, 41), addDays(today, 44)), 422, CALENDAR_MESSAGES.nightUnavailable],
        [stay(addDays(today, 40), addDays(today, 41), 3), 400, VALIDATION_MESSAGES.passengerCount],
        [stay(addDays(today, 40), addDays(today, 41), 10), 400, VALIDATION_MESSAGES.passengerCount],
      ];
    for (const [answer, status, message] of cases) {
      const response = await answer;
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    expect(await roomsTakenOn(t, dealId, [addDays(today, 40), addDays(today, 60)])).toBe(0);
    const unknown = await holdStay(t, "not-a-basket-token-at-all", {
      dealId,
      checkInDate: addDays(today, 40),
      checkOutDate: addDays(today, 41),
      guests: 2,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("VIP night prices", () => {
  it("are shown where the deal allows a VIP discount and charged only to VIP members", async () => {
    const brandId = "sister-uk";
    // The site's calendar deal the bad-input test read (it changed nothing), set up afresh.
    const { dealId, days } = await calendarDeal(t, { used: new Set(), brandId });
    const setVip = (allowed: boolean) =>
      t.db
        .update(deals)
        .set({
          display: sql`jsonb_set(${deals.display}, '{vipDiscountAllowed}', ${JSON.stringify(allowed)}::jsonb)`,
        })
        .where(eq(deals.id, dealId));
    await setVip(true);
    await t.db
      .update(travelCalendarDays)
      .set({ vipPriceMinor: sql`${travelCalendarDays.priceMinor} - 500` })
      .where(eq(travelCalendarDays.dealId, dealId));
    const checkIn = addDays(today, 15);
    const nights = [checkIn, addDays(checkIn, 1)];
    const full = days.filter((d) => nights.includes(d.date)).reduce((sum, d) => sum + d.priceMinor, 0);
    const stay = { dealId, checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), guests: 2 };

    const calendar = async () =>
      (await t.call({ method: "GET", url: `/v1/availability/deal/${dealId}`, brandId })).json().data
        .calendarDateViewVOList as {
        date: string;
        minPrice: number;
        vipPrice?: number;
        vipDiscountAllowed: boolean;
      }[];
    const night = (await calendar()).find((d) => d.date === checkIn)!;
    expect(night).toMatchObject({ vipPrice: night.minPrice - 500, vipDiscountAllowed: true });

    const unitPriceFor = async (customer: Awaited<ReturnType<CommerceTestApp["createCustomer"]>>) => {
      const token = await emptyBasket(t, customer, brandId);
      const held = await holdStay(t, token, stay, customer, brandId);
      expect(held.statusCode, held.body).toBe(201);
      const checkout = (
        await t.call({ method: "GET", url: `/v1/checkout/${token}`, customer, brandId })
      ).json();
      await t.call({
        method: "DELETE",
        url: `/v1/basket/${token}/product/${held.json().hold.lineId}`,
        customer,
        brandId,
      });
      return checkout.deals[0].products[0];
    };
    const member = await t.createCustomer({ vip: true, brandId });
    const shopper = await t.createCustomer({ brandId });
    expect(await unitPriceFor(member)).toMatchObject({ unitPrice: full - 1000, vipPriceApplied: true });
    expect(await unitPriceFor(shopper)).toMatchObject({ unitPrice: full, vipPriceApplied: false });

    // A deal without a VIP discount: no VIP night prices offered, members pay the full price.
    await setVip(false);
    expect((await calendar()).find((d) => d.date === checkIn)!.vipDiscountAllowed).toBe(false);
    expect(await unitPriceFor(member)).toMatchObject({ unitPrice: full, vipPriceApplied: false });
  });
});

describe("travel listings by date", () => {
  it("list only deals bookable for the chosen stay, each with the stay's price", async () => {
    const brandId = "sister-uk";
    // The site's calendar deal the bad-input test read (it changed nothing), set up afresh.
    const { dealId, days } = await calendarDeal(t, { used: new Set(), brandId });
    const checkIn = addDays(today, 20);
    const listed = async (query: string) => {
      const response = await t.call({
        method: "GET",
        url: `/v1/deals/travel?pageSize=100&${query}`,
        brandId,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().deals as { id: number; dynamicTravelPackagePrice?: number | null }[];
    };
    const price = (from: string, nights: number) =>
      days
        .filter((d) => d.date >= from && d.date < addDays(from, nights))
        .reduce((sum, d) => sum + d.priceMinor, 0);

    const twoNights = await listed(`checkIn=${checkIn}&nights=2`);
    expect(twoNights.find((d) => d.id === dealId)?.dynamicTravelPackagePrice).toBe(price(checkIn, 2));
    // Dates chosen: every deal listed is priced for them on its calendar.
    expect(twoNights.every((d) => typeof d.dynamicTravelPackagePrice === "number")).toBe(true);
    const fourGuests = await listed(`checkIn=${checkIn}&checkOut=${addDays(checkIn, 2)}&guests=4`);
    expect(fourGuests.find((d) => d.id === dealId)?.dynamicTravelPackagePrice).toBe(2 * price(checkIn, 2));
    // No dates: the listing is as before, without stay prices.
    const all = await listed("");
    expect(all.find((d) => d.id === dealId)?.dynamicTravelPackagePrice).toBeUndefined();

    // The second night sells out: a 2-night stay from then is no longer offered, a 1-night one is.
    await setNight(t, dealId, addDays(checkIn, 1), { roomsTaken: 10 });
    expect((await listed(`checkIn=${checkIn}&nights=2`)).some((d) => d.id === dealId)).toBe(false);
    expect((await listed(`checkIn=${checkIn}&nights=1`)).some((d) => d.id === dealId)).toBe(true);
    await setNight(t, dealId, checkIn, { minLengthOfStay: 3 });
    expect((await listed(`checkIn=${checkIn}&nights=1`)).some((d) => d.id === dealId)).toBe(false);

    for (const [query, param] of [
      ["checkIn=2026-02-30", "checkIn"],
      ["nights=2", "checkIn"],
      [`checkIn=${checkIn}&nights=17`, "nights"],
      [`checkIn=${checkIn}&guests=5`, "guests"],
    ]) {
      const refused = await t.call({ method: "GET", url: `/v1/deals/travel?${query}`, brandId });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.message, query).toContain(param);
    }
  });
});

describe("flights", () => {
  it("gives the cheapest flight per airport, every option with its price difference, and holds seats", async () => {
    const { dealId } = await calendarDeal(t, { used, withFlights: true });
    const date = addDays(today, 3);
    const cheapest = await t.call({ method: "GET", url: `/v1/flights/cheapest/${dealId}/${date}?nights=2` });
    expect(cheapest.statusCode, cheapest.body).toBe(200);
    const flights = cheapest.json().flights;
    expect(flights.length).toBeGreaterThanOrEqual(1);
    expect(new Set(flights.map((f: { departureAirport: string }) => f.departureAirport)).size).toBe(
      flights.length,
    );
    expect(Math.min(...flights.map((f: { priceDiff: number }) => f.priceDiff))).toBe(0);
    expect(flights[0]).toMatchObject({
      arrivalAirport: expect.stringMatching(/^[A-Z]{3}$/),
      outbound: { date, departureAirport: flights[0].departureAirport },
      inbound: { date: addDays(date, 2), arrivalAirport: flights[0].departureAirport },
    });
    const airport = flights[0].departureAirport;
    const options = (
      await t.call({
        method: "GET",
        url: `/v1/flights/${dealId}/${date}?departureAirport=${airport}&nights=2`,
      })
    ).json().flights;
    expect(options.every((f: { departureAirport: string }) => f.departureAirport === airport)).toBe(true);
    expect(options.map((f: { priceDiff: number }) => f.priceDiff)).toEqual(
      options.map((f: { seatPrice: number }) => f.seatPrice - options[0].seatPrice),
    );

    const flight = options.at(-1);
    const token = await emptyBasket(t);
    const held = await holdStay(t, token, {
      dealId,
      checkInDate: date,
      checkOutDate: addDays(date, 2),
      guests: 2,
      flightId: flight.id,
    });
    expect(held.statusCode, held.body).toBe(201);
    const nightly =
      (await nightOf(t, dealId, date)).priceMinor + (await nightOf(t, dealId, addDays(date, 1))).priceMinor;
    expect(held.json().hold.roomPrice).toBe(nightly + 2 * flight.seatPrice);
    const after = (
      await t.call({ method: "GET", url: `/v1/flights/${dealId}/${date}?departureAirport=${airport}` })
    ).json().flights;
    expect(after.find((f: { id: number }) => f.id === flight.id).seatsLeft).toBe(flight.seatsLeft - 2);

    const wrongDay = await holdStay(t, token, {
      dealId,
      checkInDate: addDays(date, 1),
      checkOutDate: addDays(date, 3),
      guests: 2,
      flightId: flight.id,
    });
    expect(wrongDay.statusCode).toBe(422);
    expect(wrongDay.json().error.message).toBe(STAY_MESSAGES.flightUnavailable);
    expect((await t.call({ method: "GET", url: `/v1/flights/${dealId}/2026-13-01` })).statusCode).toBe(400);
    expect(
      (await t.call({ method: "GET", url: `/v1/flights/${dealId}/${date}?departureAirport=london` }))
        .statusCode,
    ).toBe(400);
  });
});

describe("an Irish calendar deal", () => {
  it("is priced in euros", async () => {
    const { dealId } = await calendarDeal(t, { used, brandId: "main-ie" });
    const response = await t.call({
      method: "GET",
      url: `/v1/availability/deal/${dealId}`,
      brandId: "main-ie",
    });
    expect(response.json().data.currency).toBe("EUR");
  });
});
