import { describe, expect, it } from "vitest";
import { formatCountdown } from "./deal-page-script.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;

describe("formatCountdown", () => {
  it("shows hours, minutes and seconds, with days only when there are some", () => {
    expect(formatCountdown(4 * HOUR + 13 * 60 * SECOND + 22 * SECOND)).toBe("04:13:22");
    expect(formatCountdown(2 * 24 * HOUR + 5 * SECOND)).toBe("2d 00:00:05");
  });

  it("rounds down to the whole second and never goes below zero", () => {
    expect(formatCountdown(1999)).toBe("00:00:01");
    expect(formatCountdown(-5000)).toBe("00:00:00");
  });
});
