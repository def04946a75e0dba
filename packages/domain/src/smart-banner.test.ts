import { describe, expect, it } from "vitest";
import { shouldShowSmartBanner, smartBannerPlatform } from "./smart-banner.ts";

const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ipod = "Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)";
const android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const ipad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15";
const desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36";
const now = new Date("2025-06-10T12:00:00Z");

describe("smartBannerPlatform", () => {
  it("recognises iPhone, iPod and Android only", () => {
    expect(smartBannerPlatform(iphone)).toBe("ios");
    expect(smartBannerPlatform(ipod)).toBe("ios");
    expect(smartBannerPlatform(android)).toBe("android");
    for (const ua of [ipad, desktop, "", undefined, 42]) expect(smartBannerPlatform(ua)).toBeNull();
  });
});

describe("shouldShowSmartBanner", () => {
  it("shows only on category and homepage page types", () => {
    expect(shouldShowSmartBanner({ pageType: "category", userAgent: iphone, now })).toBe(true);
    expect(shouldShowSmartBanner({ pageType: "homepage", userAgent: android, now })).toBe(true);
    for (const pageType of ["deal", "search", "root", null] as const) {
      expect(shouldShowSmartBanner({ pageType, userAgent: iphone, now })).toBe(false);
    }
  });

  it("shows only on iPhone/iPod or Android", () => {
    expect(shouldShowSmartBanner({ pageType: "category", userAgent: desktop, now })).toBe(false);
    expect(shouldShowSmartBanner({ pageType: "category", userAgent: ipad, now })).toBe(false);
  });

  it("stays hidden for 2 days after it was closed", () => {
    const closedAt = new Date("2025-06-08T12:00:00Z");
    const context = { pageType: "category" as const, userAgent: android, closedAt };
    expect(shouldShowSmartBanner({ ...context, now: new Date("2025-06-10T11:59:59Z") })).toBe(false);
    expect(shouldShowSmartBanner({ ...context, now: new Date("2025-06-10T12:00:00Z") })).toBe(true);
  });
});
