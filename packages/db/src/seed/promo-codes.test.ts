import { describe, expect, it } from "vitest";
import { promoCodeRows } from "./promo-codes.ts";

const NOW = new Date("2026-06-15T10:00:00Z");

describe("promoCodeRows", () => {
  it("is the same for the same moment", () => {
    expect(promoCodeRows(NOW)).toEqual(promoCodeRows(new Date(NOW)));
  });

  it("has a code that applies now on every brand, and one that has expired", () => {
    const rows = promoCodeRows(NOW);
    const welcome = rows.find((row) => row.code === "WELCOME10");
    const expired = rows.find((row) => row.code === "EXPIRED10");
    expect(welcome).toMatchObject({
      code: "WELCOME10",
      brandId: null,
      discountKind: "percentage",
      percent: 10,
    });
    expect(welcome?.startsAt?.getTime()).toBeLessThan(NOW.getTime());
    expect(welcome?.expiresAt).toBeUndefined();
    expect(expired?.expiresAt?.getTime()).toBeLessThan(NOW.getTime());
  });

  it("stores codes upper case, as they are matched", () => {
    for (const row of promoCodeRows(NOW)) expect(row.code).toBe(row.code.toUpperCase());
  });
});
