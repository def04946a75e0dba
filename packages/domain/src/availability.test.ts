import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AvailabilityDeal,
  arrivedForLastChance,
  dealAvailability,
  dealClosesAt,
  dealShowsAsOpen,
  isDealClosed,
  LAST_CHANCE_ARRIVALS,
  shouldShowCountdown,
} from "./availability.ts";

// Closing day 10 June 2025 (London summer time): the deal shows as open until 23:00 UTC.
const closingDate = "2025-06-10T10:00:00Z";
const beforeClose = new Date("2025-06-10T22:59:59Z");
const afterClose = new Date("2025-06-10T23:00:00Z");
const deal = (fields: AvailabilityDeal = {}): AvailabilityDeal => ({ closingDate, ...fields });

describe("dealAvailability", () => {
  it("is unavailable when the deal is absent", () => {
    expect(dealAvailability(undefined, beforeClose)).toEqual({ available: false, reason: "absent" });
    expect(dealAvailability(null, beforeClose)).toEqual({ available: false, reason: "absent" });
  });

  it("is unavailable when sold out, the deal or every product", () => {
    expect(dealAvailability(deal({ soldOut: true }), beforeClose)).toEqual({
      available: false,
      reason: "soldOut",
    });
    const products = [{ soldOut: true }, { soldOut: true }];
    expect(dealAvailability(deal({ products }), beforeClose)).toEqual({
      available: false,
      reason: "soldOut",
    });
    expect(dealAvailability(deal({ products: [{ soldOut: true }, {}] }), beforeClose).available).toBe(true);
  });

  it("is unavailable when every product reached its daily or weekly cap", () => {
    const capped = [{ dailyPurchaseCapReached: true }, { weeklyPurchaseCapReached: true }];
    expect(dealAvailability(deal({ products: capped }), beforeClose)).toEqual({
      available: false,
      reason: "capReached",
    });
    expect(dealAvailability(deal({ dailyPurchaseCapReached: true }), beforeClose)).toMatchObject({
      available: false,
    });
    const oneLeft = [{ dailyPurchaseCapReached: true }, { dailyPurchaseCapReached: false }];
    expect(dealAvailability(deal({ products: oneLeft }), beforeClose).available).toBe(true);
  });

  it("shows as open until the end of its closing day in London", () => {
    expect(dealAvailability(deal(), beforeClose)).toEqual({ available: true, closed: false });
    expect(dealAvailability(deal(), afterClose)).toEqual({ available: false, reason: "closed" });
    expect(dealAvailability(deal({ open: false }), beforeClose)).toEqual({
      available: false,
      reason: "closed",
    });
  });

  it("keeps a closed lastChance deal buyable for visitors from the listed routes", () => {
    for (const from of LAST_CHANCE_ARRIVALS) {
      expect(dealAvailability(deal({ lastChance: true }), afterClose, { from })).toEqual({
        available: true,
        closed: true,
        via: "lastChance",
      });
    }
    expect(
      dealAvailability(deal({ lastChance: true }), afterClose, { searchClickId: "abc123" }).available,
    ).toBe(true);
    expect(dealAvailability(deal({ lastChance: true }), afterClose, { from: "homepage" }).available).toBe(
      false,
    );
    expect(dealAvailability(deal({ lastChance: true }), afterClose).available).toBe(false);
    expect(dealAvailability(deal(), afterClose, { from: "search" }).available).toBe(false);
  });

  it("allows buying with enableBuyClosedDeal up to 4 days after closing", () => {
    const grace = deal({ enableBuyClosedDeal: true });
    expect(dealAvailability(grace, new Date("2025-06-14T22:59:59Z"))).toEqual({
      available: true,
      closed: true,
      via: "enableBuyClosedDeal",
    });
    expect(dealAvailability(grace, new Date("2025-06-14T23:00:00Z"))).toEqual({
      available: false,
      reason: "closed",
    });
  });

  it("never lets a sold-out deal be bought, last chance or not", () => {
    const soldOut = deal({ soldOut: true, lastChance: true, enableBuyClosedDeal: true });
    expect(dealAvailability(soldOut, afterClose, { from: "search" }).available).toBe(false);
  });

  it("treats a missing or junk closing date as never closing by date", () => {
    for (const closing of [null, undefined, "", "not a date"]) {
      expect(dealAvailability({ closingDate: closing }, afterClose).available).toBe(true);
    }
  });
});

describe("open and closed", () => {
  it("closes at the end of the London calendar day", () => {
    expect(dealClosesAt(deal())?.toISOString()).toBe("2025-06-10T23:00:00.000Z");
    expect(dealClosesAt({ closingDate: new Date("2025-01-10T23:59:00Z") })?.toISOString()).toBe(
      "2025-01-11T00:00:00.000Z",
    );
    expect(dealClosesAt({})).toBeNull();
    expect(isDealClosed(deal(), beforeClose)).toBe(false);
    expect(isDealClosed(deal(), afterClose)).toBe(true);
  });

  it("reads a closing date given as text the same as the same instant given as a Date, every time", () => {
    const instants = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
    fc.assert(
      fc.property(instants, (ms) => {
        const text = new Date(ms).toISOString();
        const expected = dealClosesAt({ closingDate: new Date(ms) })?.toISOString();
        expect(dealClosesAt({ closingDate: text })?.toISOString()).toBe(expected);
        expect(dealClosesAt({ closingDate: text })?.toISOString()).toBe(expected);
      }),
    );
    for (const unreadable of ["", "not a date", "2025-13-45"]) {
      expect(dealClosesAt({ closingDate: unreadable })).toBeNull();
      expect(dealClosesAt({ closingDate: unreadable })).toBeNull();
    }
  });

  it("shows as open longer under lastChance", () => {
    expect(dealShowsAsOpen(deal(), afterClose, { from: "search" })).toBe(false);
    expect(dealShowsAsOpen(deal({ lastChance: true }), afterClose, { from: "search" })).toBe(true);
    expect(dealShowsAsOpen(deal({ lastChance: true }), beforeClose)).toBe(true);
  });

  it("recognises last-chance arrivals only", () => {
    expect(arrivedForLastChance({ from: "email-deals" })).toBe(true);
    expect(arrivedForLastChance({ searchClickId: "  " })).toBe(false);
    expect(arrivedForLastChance({ from: null })).toBe(false);
    expect(arrivedForLastChance(undefined)).toBe(false);
  });

  it("is available iff not sold out, not capped, and open or in a grace rule", () => {
    fc.assert(
      fc.property(
        fc.record({
          soldOut: fc.boolean(),
          lastChance: fc.boolean(),
          enableBuyClosedDeal: fc.boolean(),
          dailyPurchaseCapReached: fc.boolean(),
        }),
        fc.integer({ min: -10 * 24, max: 10 * 24 }),
        fc.constantFrom("search", "homepage"),
        (flags, hoursFromClose, from) => {
          const now = new Date(afterClose.getTime() + hoursFromClose * 3_600_000);
          const result = dealAvailability(deal(flags), now, { from });
          if (flags.soldOut || flags.dailyPurchaseCapReached) expect(result.available).toBe(false);
          if (result.available && result.closed)
            expect(flags.lastChance || flags.enableBuyClosedDeal).toBe(true);
          if (hoursFromClose < 0 && !flags.soldOut && !flags.dailyPurchaseCapReached) {
            expect(result).toEqual({ available: true, closed: false });
          }
        },
      ),
    );
  });
});

describe("shouldShowCountdown", () => {
  const now = new Date("2025-06-09T12:00:00Z");

  it("shows when the deal really closes within 72 hours", () => {
    expect(shouldShowCountdown(deal(), now)).toBe(true);
    expect(shouldShowCountdown(deal(), new Date("2025-06-07T23:00:00Z"))).toBe(true);
    expect(shouldShowCountdown(deal(), new Date("2025-06-07T22:59:59Z"))).toBe(false);
  });

  it("never shows for evergreen, undated, sold-out, closed or absent deals", () => {
    expect(shouldShowCountdown(deal({ evergreen: true }), now)).toBe(false);
    expect(shouldShowCountdown({}, now)).toBe(false);
    expect(shouldShowCountdown(deal({ soldOut: true }), now)).toBe(false);
    expect(shouldShowCountdown(deal({ open: false }), now)).toBe(false);
    expect(shouldShowCountdown(deal(), afterClose)).toBe(false);
    expect(shouldShowCountdown(undefined, now)).toBe(false);
  });
});
