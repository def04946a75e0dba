import { describe, expect, it } from "vitest";
import { socialCueText } from "./social-cue.ts";

describe("socialCueText", () => {
  it("names the shortest window with a purchase", () => {
    expect(socialCueText({ lastSixHours: 4, lastTwelveHours: 9, lastTwentyFourHours: 20 })).toBe(
      "4 bought in the last 6 hours",
    );
    expect(socialCueText({ lastSixHours: 0, lastTwelveHours: 3, lastTwentyFourHours: 20 })).toBe(
      "3 bought in the last 12 hours",
    );
    expect(socialCueText({ lastSixHours: 0, lastTwelveHours: 0, lastTwentyFourHours: 1 })).toBe(
      "1 bought in the last 24 hours",
    );
  });

  it("shows no cue when nobody bought in the last day or there are no stats", () => {
    expect(socialCueText({ lastSixHours: 0, lastTwelveHours: 0, lastTwentyFourHours: 0 })).toBeNull();
    expect(socialCueText(null)).toBeNull();
  });
});
