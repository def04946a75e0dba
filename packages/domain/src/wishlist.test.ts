import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceDropEmailDue, wishedDealMarkers } from "./wishlist.ts";

const now = new Date("2026-06-15T10:00:00Z");
const HOUR = 3_600_000;

describe("wishedDealMarkers", () => {
  it("marks a price below the price when wished as dropped, never an equal or higher one", () => {
    const closingDate = null;
    expect(wishedDealMarkers({ priceMinor: 900, priceAtAddMinor: 1000, closingDate }, now).priceDropped).toBe(
      true,
    );
    expect(
      wishedDealMarkers({ priceMinor: 1000, priceAtAddMinor: 1000, closingDate }, now).priceDropped,
    ).toBe(false);
    expect(
      wishedDealMarkers({ priceMinor: 1100, priceAtAddMinor: 1000, closingDate }, now).priceDropped,
    ).toBe(false);
  });

  it("marks a deal closing within 48 hours as ending soon, not a closed or evergreen one", () => {
    const at = (ms: number) =>
      wishedDealMarkers(
        { priceMinor: 1, priceAtAddMinor: 1, closingDate: new Date(now.getTime() + ms) },
        now,
      );
    expect(at(47 * HOUR).endingSoon).toBe(true);
    expect(at(48 * HOUR).endingSoon).toBe(true);
    expect(at(49 * HOUR).endingSoon).toBe(false);
    expect(at(-HOUR).endingSoon).toBe(false);
    expect(wishedDealMarkers({ priceMinor: 1, priceAtAddMinor: 1, closingDate: null }, now).endingSoon).toBe(
      false,
    );
  });
});

describe("priceDropEmailDue", () => {
  it("allows the first email, then one a day at most", () => {
    expect(priceDropEmailDue(null, now)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 48 * 60 }), (minutesAgo) => {
        const sent = new Date(now.getTime() - minutesAgo * 60_000);
        expect(priceDropEmailDue(sent, now)).toBe(minutesAgo >= 24 * 60);
      }),
    );
  });
});
