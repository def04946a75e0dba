import { SMART_BANNER_HIDE_DAYS } from "@deals/domain/constants";
import { PAGE_TYPES } from "@deals/domain/page-type";
import { shouldShowSmartBanner, smartBannerPlatform } from "@deals/domain/smart-banner";
import { describe, expect, it } from "vitest";
import { smartBannerPage, smartBannerShown } from "./smart-banner-script.ts";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const DAY = 24 * 3_600_000;
const NOW = new Date("2026-05-10T12:00:00Z");

describe("the smart banner on plain pages", () => {
  it("is sent on the page types the domain rule shows it on", () => {
    for (const pageType of [...PAGE_TYPES, null]) {
      expect(smartBannerPage(pageType), String(pageType)).toBe(
        shouldShowSmartBanner({ pageType, userAgent: IPHONE, now: NOW }),
      );
    }
  });

  it("shows in the browser exactly when the domain rule says so on such a page", () => {
    const closings = [
      null,
      new Date(NOW.getTime() - DAY),
      new Date(NOW.getTime() - 2 * DAY),
      new Date("junk"),
    ];
    for (const userAgent of [IPHONE, ANDROID, DESKTOP]) {
      for (const closedAt of closings) {
        const browser = smartBannerShown(
          smartBannerPlatform(userAgent),
          closedAt,
          NOW.getTime(),
          SMART_BANNER_HIDE_DAYS * DAY,
        );
        expect(browser, `${userAgent} ${closedAt}`).toBe(
          shouldShowSmartBanner({ pageType: "homepage", userAgent, closedAt, now: NOW }),
        );
      }
    }
  });
});
