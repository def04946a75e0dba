import { describe, expect, it } from "vitest";
import { longDate } from "./long-date.ts";

describe("longDate", () => {
  it("writes the day, month and year in UTC, for both countries", () => {
    expect(longDate("2026-06-15T23:30:00Z", "en-GB")).toBe("15 June 2026");
    expect(longDate("2026-12-01T00:00:00Z", "en-IE")).toBe("1 December 2026");
  });
});
