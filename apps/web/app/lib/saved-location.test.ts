import { describe, expect, it } from "vitest";
import { savedLocationFromCookies } from "./saved-location.ts";

describe("savedLocationFromCookies", () => {
  it("reads the saved location's fields from the cookie", () => {
    const value = encodeURIComponent(
      JSON.stringify({ name: "Leeds", shortName: "leeds", lat: 53.8, lon: -1.55 }),
    );
    expect(savedLocationFromCookies(`sid=x; location=${value}`, "location")).toEqual({
      shortName: "leeds",
      name: "Leeds",
      lat: 53.8,
      lon: -1.55,
    });
  });

  it("is null without a cookie, with junk, or without a short name", () => {
    expect(savedLocationFromCookies("", "location")).toBeNull();
    expect(savedLocationFromCookies("location=%7Bnot-json", "location")).toBeNull();
    expect(
      savedLocationFromCookies(`location=${encodeURIComponent('{"name":"Leeds"}')}`, "location"),
    ).toBeNull();
  });
});
