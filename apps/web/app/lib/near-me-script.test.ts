import { describe, expect, it } from "vitest";
import { addressWithPosition, POSITION_DECIMALS } from "./near-me-script.ts";

describe("addressWithPosition", () => {
  it("opens the same listing from its first page with the position as lat and lon", () => {
    expect(
      addressWithPosition(
        "https://www.dealmoor.co.uk/near-me/restaurants?orderBy=price&order=asc&page=3#top",
        53.479412345,
        -2.245312345,
        POSITION_DECIMALS,
      ),
    ).toBe("https://www.dealmoor.co.uk/near-me/restaurants?orderBy=price&order=asc&lat=53.4794&lon=-2.2453");
  });

  it("replaces a position already in the address", () => {
    expect(addressWithPosition("https://www.dealmoor.ie/near-me/hub?lat=1&lon=2", 53.35, -6.26, 4)).toBe(
      "https://www.dealmoor.ie/near-me/hub?lat=53.3500&lon=-6.2600",
    );
  });
});
