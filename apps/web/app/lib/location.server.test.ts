import { BRANDS } from "@deals/domain/brand";
import { describe, expect, it } from "vitest";
import { homeLocation, LOCATION_COOKIE, savedLocationCookie } from "./location.server.ts";

const location = (shortName: string, name: string) => ({
  id: 1,
  shortName,
  name,
  countryCode: "gb" as const,
  brand: "main-uk" as const,
  latLon: { lat: 53.8, lon: -1.55 },
});
const eligible = [location("london", "London"), location("leeds", "Leeds")];

const withCookie = (value: string) =>
  new Request("https://www.dealmoor.co.uk/", {
    headers: { cookie: `${LOCATION_COOKIE}=${encodeURIComponent(value)}` },
  });

describe("homeLocation", () => {
  it("shows the saved location when it is eligible", () => {
    const saved = JSON.stringify({ name: "Leeds", shortName: "leeds", lat: 53.8, lon: -1.55 });
    expect(homeLocation(withCookie(saved), BRANDS["main-uk"], eligible)).toEqual({
      shortName: "leeds",
      resave: null,
    });
  });

  it("falls back to the brand's default for no cookie or a location no longer offered", () => {
    const request = new Request("https://www.dealmoor.co.uk/");
    expect(homeLocation(request, BRANDS["main-uk"], eligible).shortName).toBe("london");
    const gone = JSON.stringify({ name: "Atlantis", shortName: "atlantis" });
    expect(homeLocation(withCookie(gone), BRANDS["main-uk"], eligible).shortName).toBe("london");
  });

  it("saves the location again, with its coordinates, when they were missing", () => {
    const home = homeLocation(
      withCookie(JSON.stringify({ name: "Leeds", shortName: "leeds" })),
      BRANDS["main-uk"],
      eligible,
    );
    expect(home.shortName).toBe("leeds");
    expect(home.resave).toContain(`${LOCATION_COOKIE}=`);
    expect(decodeURIComponent(home.resave ?? "")).toContain('"lat":53.8');
  });
});

describe("savedLocationCookie", () => {
  it("keeps lat, lon, name and shortName for a year on the whole site", () => {
    const cookie = savedLocationCookie(
      new Request("https://www.dealmoor.co.uk/location"),
      location("leeds", "Leeds"),
    );
    expect(decodeURIComponent(cookie)).toContain(
      '{"name":"Leeds","shortName":"leeds","lat":53.8,"lon":-1.55}',
    );
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Secure");
  });
});
