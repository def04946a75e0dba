import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COOKIES,
  REGISTERED_USER_COOKIE_VALUE,
  sourceCookieMaxAge,
  wishlistIdCookieMaxAge,
} from "./cookies.ts";
import { parseSavedLocationCookie, serializeSavedLocationCookie } from "./saved-location-cookie.ts";

const DAY = 86_400;

describe("cookie lifetimes (services.md §9)", () => {
  it("keeps the basket token 604800 s (7 days), secure and shared across the domain", () => {
    expect(COOKIES.basketToken.maxAgeSeconds).toBe(604_800);
    expect(COOKIES.basketToken.secure).toBe(true);
    expect(COOKIES.basketToken.domainWide).toBe(true);
  });

  it("keeps customer token, brand cookie, email and location for a year", () => {
    expect(COOKIES.customerToken.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.brandUser.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.email.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.location.maxAgeSeconds).toBe(365 * DAY);
    expect(REGISTERED_USER_COOKIE_VALUE).toBe("registered_user");
  });

  it("keeps the VIP membership and group cookies 1 day", () => {
    expect(COOKIES.vipMembership.maxAgeSeconds).toBe(DAY);
    expect(COOKIES.vipGroup.maxAgeSeconds).toBe(DAY);
  });

  it("keeps tracking cookies for their stated days", () => {
    expect(COOKIES.source.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.gclid.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.clickId.maxAgeSeconds).toBe(30 * DAY);
    expect(COOKIES.msclkid.maxAgeSeconds).toBe(365 * DAY);
    expect(COOKIES.mgid.maxAgeSeconds).toBe(7 * DAY);
    expect(COOKIES.fbc.maxAgeSeconds).toBe(90 * DAY);
  });

  it("keeps post-login URL 30 days, deleteEmail 1 day and the smart banner dismissal 2 days", () => {
    expect(COOKIES.postLoginUrl.maxAgeSeconds).toBe(30 * DAY);
    expect(COOKIES.deleteEmail.maxAgeSeconds).toBe(DAY);
    expect(COOKIES.smartBannerDismissed.maxAgeSeconds).toBe(2 * DAY);
  });

  it("makes the redirect hints session cookies", () => {
    expect(COOKIES.localRedirect.maxAgeSeconds).toBeUndefined();
    expect(COOKIES.redirectUrl.maxAgeSeconds).toBeUndefined();
  });

  it("gives every cookie a distinct name", () => {
    const names = Object.values(COOKIES).map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps the wishlist id 7 days after login or merge and 31536000 s after a first fetch", () => {
    expect(wishlistIdCookieMaxAge("login")).toBe(7 * DAY);
    expect(wishlistIdCookieMaxAge("merge")).toBe(7 * DAY);
    expect(wishlistIdCookieMaxAge("fetch")).toBe(31_536_000);
  });

  it("keeps the source 365 days, or 30 for an affiliate", () => {
    expect(sourceCookieMaxAge(false)).toBe(365 * DAY);
    expect(sourceCookieMaxAge(true)).toBe(30 * DAY);
  });
});

describe("saved location cookie", () => {
  const london = { name: "London", shortName: "london", lat: 51.505, lon: -0.0901 };

  it("round-trips lat, lon, name and shortName", () => {
    expect(parseSavedLocationCookie(serializeSavedLocationCookie(london))).toEqual(london);
  });

  it("reads a URI-encoded value", () => {
    expect(parseSavedLocationCookie(encodeURIComponent(JSON.stringify(london)))).toEqual(london);
  });

  it("keeps only the four fields", () => {
    const stored = serializeSavedLocationCookie({ ...london, _score: 3 } as typeof london);
    expect(JSON.parse(stored)).toEqual(london);
  });

  it("accepts a location without coordinates, so it can be saved again", () => {
    expect(parseSavedLocationCookie('{"name":"Leeds","shortName":"leeds"}')).toEqual({
      name: "Leeds",
      shortName: "leeds",
    });
  });

  it("refuses out-of-range coordinates and missing names", () => {
    expect(parseSavedLocationCookie('{"name":"X","shortName":"x","lat":91,"lon":0}')).toBeUndefined();
    expect(parseSavedLocationCookie('{"shortName":"x"}')).toBeUndefined();
    expect(parseSavedLocationCookie('{"name":" ","shortName":"x"}')).toBeUndefined();
  });

  it("never throws on junk", () => {
    for (const junk of [undefined, null, 42, "", "%E0%A4%A", "not json", "[]", "null", '"London"']) {
      expect(parseSavedLocationCookie(junk)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        parseSavedLocationCookie(s);
      }),
    );
  });
});
