import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowestRecentPrice, type RecordedPrice } from "./lowest-price.ts";

const DAY_MS = 86_400_000;
const NOW = new Date("2026-06-15T10:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);
const history = (entries: [days: number, priceMinor: number][]): RecordedPrice[] =>
  entries.map(([days, priceMinor]) => ({ priceMinor, recordedAt: daysAgo(days) }));

describe("lowestRecentPrice", () => {
  it("counts the prices of the last 30 days and the one in force when they began", () => {
    // 45 days ago was replaced 33 days ago, which was still the price 30 days ago.
    const prices = history([
      [45, 2300],
      [33, 2800],
      [10, 3100],
      [5, 2950],
      [1, 3000],
    ]);
    expect(lowestRecentPrice(3000, prices, NOW).lowestMinor).toBe(2800);
    expect(lowestRecentPrice(3000, history([[12, 3500]]), NOW).lowestMinor).toBe(3000);
    expect(lowestRecentPrice(3000, [], NOW)).toEqual({ lowestMinor: 3000, validUntil: null });
  });

  it("holds until the oldest price of the window leaves it", () => {
    const prices = history([
      [40, 2000],
      [20, 2700],
      [2, 3000],
    ]);
    const { lowestMinor, validUntil } = lowestRecentPrice(3000, prices, NOW);
    expect(lowestMinor).toBe(2000);
    expect(validUntil).toEqual(new Date(daysAgo(20).getTime() + 30 * DAY_MS));
    // Until then the 40-day-old price is still in force when the window opens...
    expect(lowestRecentPrice(3000, prices, validUntil!).lowestMinor).toBe(2000);
    // ...and just after, the 20-day-old price has replaced it.
    const after = new Date(validUntil!.getTime() + 1);
    expect(lowestRecentPrice(3000, prices, after).lowestMinor).toBe(2700);
  });

  it("gives the same answer at every instant up to validUntil", () => {
    const entry = fc.record({
      priceMinor: fc.integer({ min: 100, max: 10_000 }),
      ageMs: fc.integer({ min: 0, max: 90 * DAY_MS }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000 }),
        fc.array(entry, { maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (current, entries, share) => {
          const prices = entries.map((e) => ({
            priceMinor: e.priceMinor,
            recordedAt: new Date(NOW.getTime() - e.ageMs),
          }));
          const answer = lowestRecentPrice(current, prices, NOW);
          expect(answer.lowestMinor).toBeLessThanOrEqual(current);
          const end = answer.validUntil?.getTime() ?? NOW.getTime() + 120 * DAY_MS;
          const later = new Date(NOW.getTime() + Math.floor((end - NOW.getTime()) * share));
          expect(lowestRecentPrice(current, prices, later).lowestMinor).toBe(answer.lowestMinor);
        },
      ),
    );
  });
});
