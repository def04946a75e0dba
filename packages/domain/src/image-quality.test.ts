import { describe, expect, it } from "vitest";
import { imageQuality } from "./image-quality.ts";

describe("imageQuality", () => {
  it("is 85 by default", () => {
    expect(imageQuality({})).toBe(85);
    expect(imageQuality({ connection: "4g", isMobile: false, isSubSubcategory: false })).toBe(85);
    expect(imageQuality({ connection: "unknown" })).toBe(85);
  });

  it("is 60 for a sub-subcategory page or 3g", () => {
    expect(imageQuality({ isSubSubcategory: true })).toBe(60);
    expect(imageQuality({ connection: "3g" })).toBe(60);
  });

  it("is 35 for 2g or mobile, whatever else applies", () => {
    expect(imageQuality({ connection: "2g" })).toBe(35);
    expect(imageQuality({ connection: "slow-2g" })).toBe(35);
    expect(imageQuality({ isMobile: true, isSubSubcategory: true, connection: "3g" })).toBe(35);
  });
});
