import { describe, expect, it } from "vitest";
import { mapHotelSearchParams } from "./hotel-search.ts";

describe("mapHotelSearchParams", () => {
  it("maps each parameter to its booking name and abbreviates the campaign", () => {
    expect(
      mapHotelSearchParams(
        "arrival=2025-07-01&departure=2025-07-03&guests=2&productId=991&utm_medium=paid-hotel-ads&utm_source=google",
      ),
    ).toEqual({
      checkIn: "2025-07-01",
      checkOut: "2025-07-03",
      guests: 2,
      leadInProductId: 991,
      utmMedium: "paid",
      utmSource: "google",
      googleHotelAds: true,
    });
    expect(mapHotelSearchParams({ utm_medium: "free-hotel-ads", utm_source: "Google" })).toMatchObject({
      utmMedium: "free",
      utmSource: "google",
      googleHotelAds: true,
    });
  });

  it("is not a hotel ad without both a hotel-ads medium and the google source", () => {
    expect(mapHotelSearchParams("utm_medium=email&utm_source=google")).toEqual({
      utmSource: "google",
      googleHotelAds: false,
    });
    expect(mapHotelSearchParams("utm_medium=paid-hotel-ads&utm_source=bing")).toEqual({
      utmMedium: "paid",
      googleHotelAds: false,
    });
  });

  it("leaves out values that are not valid", () => {
    expect(
      mapHotelSearchParams("arrival=2025-02-30&departure=2025-07-01&guests=0&productId=abc&utm_medium=x"),
    ).toEqual({ checkOut: "2025-07-01", googleHotelAds: false });
    expect(mapHotelSearchParams("arrival=2025-07-03&departure=2025-07-03&guests=9")).toEqual({
      checkIn: "2025-07-03",
      googleHotelAds: false,
    });
  });

  it("never throws on junk", () => {
    for (const junk of [
      undefined,
      null,
      42,
      "",
      "%%%",
      { arrival: {} },
      { guests: "9".repeat(10_000) },
      "utm_medium=__proto__&utm_source=constructor",
    ]) {
      expect(mapHotelSearchParams(junk)).toEqual({ googleHotelAds: false });
    }
  });
});
