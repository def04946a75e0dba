import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BookingSelectionState,
  bookingSelectionReducer,
  initialBookingSelection,
} from "./booking-selection.ts";
import type { BookingCalendarDay } from "./calendar.ts";
import { addDays } from "./travel-stay.ts";

const START = "2026-07-01";
/** 30 open days, each allowing stays of 1 to 7 nights, but the 5th sold out. */
const DAYS: BookingCalendarDay[] = Array.from({ length: 30 }, (_, i) => ({
  date: addDays(START, i),
  soldOut: i === 4,
  openForSale: true,
  openForArrival: true,
  openForDeparture: true,
  minLengthOfStay: 1,
  maxLengthOfStay: 7,
}));

const loaded = () =>
  bookingSelectionReducer(initialBookingSelection(), { type: "load", dealId: 7, products: DAYS });

describe("booking selection", () => {
  it("starts with the deal's days, check-in days offered, 2 guests and nothing chosen", () => {
    const state = loaded();
    expect(state).toMatchObject({
      currentDealId: 7,
      quantity: 2,
      selection: { checkIn: null, checkOut: null },
      nightOptions: [],
      selectedNights: null,
      hasError: false,
    });
    expect(state.products).toHaveLength(30);
    expect(state.filteredProducts.map((d) => d.date)).not.toContain(addDays(START, 4));
  });

  it("chooses check-in first, then nights or a check-out within the allowed stay", () => {
    const checkIn = bookingSelectionReducer(loaded(), { type: "chooseCheckIn", date: addDays(START, 10) });
    expect(checkIn.selection).toEqual({ checkIn: addDays(START, 10), checkOut: null });
    expect(checkIn.nightOptions).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const nights = bookingSelectionReducer(checkIn, { type: "chooseNights", nights: 3 });
    expect(nights).toMatchObject({ selectedNights: 3, selection: { checkOut: addDays(START, 13) } });
    const checkOut = bookingSelectionReducer(checkIn, { type: "chooseCheckOut", date: addDays(START, 12) });
    expect(checkOut.selectedNights).toBe(2);
    // A stay never runs into the sold-out night.
    const before = bookingSelectionReducer(loaded(), { type: "chooseCheckIn", date: addDays(START, 2) });
    expect(before.nightOptions).toEqual([1, 2]);
  });

  it("refuses what the calendar does not allow, changing only hasError", () => {
    const state = bookingSelectionReducer(loaded(), { type: "chooseCheckIn", date: addDays(START, 10) });
    const refusals = [
      bookingSelectionReducer(loaded(), { type: "chooseCheckIn", date: addDays(START, 4) }),
      bookingSelectionReducer(loaded(), { type: "chooseNights", nights: 2 }),
      bookingSelectionReducer(state, { type: "chooseNights", nights: 8 }),
      bookingSelectionReducer(state, { type: "chooseCheckOut", date: addDays(START, 9) }),
      bookingSelectionReducer(state, { type: "setQuantity", quantity: 3 }),
    ];
    for (const refused of refusals) expect(refused.hasError).toBe(true);
    const { hasError: _, ...rest } = refusals[2]!;
    const { hasError: __, ...before } = state;
    expect(rest).toEqual(before);
    expect(bookingSelectionReducer(refusals[4]!, { type: "setQuantity", quantity: 4 })).toMatchObject({
      quantity: 4,
      hasError: false,
    });
  });

  it("keeps any chosen stay inside the offered nights, whatever the shopper does", () => {
    const action = fc.oneof(
      fc
        .integer({ min: -2, max: 32 })
        .map((i) => ({ type: "chooseCheckIn" as const, date: addDays(START, i) })),
      fc.integer({ min: 0, max: 10 }).map((nights) => ({ type: "chooseNights" as const, nights })),
      fc
        .integer({ min: -2, max: 32 })
        .map((i) => ({ type: "chooseCheckOut" as const, date: addDays(START, i) })),
      fc.constantFrom(2, 3, 4, 6, 8, 9).map((quantity) => ({ type: "setQuantity" as const, quantity })),
      fc.constant({ type: "clear" as const }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 20 }), (actions) => {
        const end = actions.reduce<BookingSelectionState>(bookingSelectionReducer, loaded());
        expect([2, 4, 6, 8]).toContain(end.quantity);
        if (end.selectedNights !== null) {
          expect(end.nightOptions).toContain(end.selectedNights);
          expect(end.selectedNights).toBeGreaterThanOrEqual(1);
          expect(end.selectedNights).toBeLessThanOrEqual(7);
        }
      }),
    );
  });
});
