import { describe, expect, it } from "vitest";
import { appDeepLink, bannerClosedAt } from "./app-link.ts";

describe("appDeepLink", () => {
  it("opens the same page in the brand's app on each platform", () => {
    expect(appDeepLink("ios", "dealmoor", "/deals/london")).toBe("dealmoor://deals/london");
    expect(appDeepLink("android", "fernlight", "/gifts")).toBe(
      "intent://gifts#Intent;scheme=fernlight;package=app.fernlight.deals;end",
    );
  });
});

describe("bannerClosedAt", () => {
  it("reads when the banner was closed from its cookie", () => {
    const at = "2026-11-20T10:00:00.000Z";
    expect(
      bannerClosedAt(`a=1; smart_banner_dismissed=${encodeURIComponent(at)}`, "smart_banner_dismissed"),
    ).toEqual(new Date(at));
  });

  it("is null without the cookie or with junk in it", () => {
    expect(bannerClosedAt("a=1", "smart_banner_dismissed")).toBeNull();
    expect(bannerClosedAt("smart_banner_dismissed=yesterday", "smart_banner_dismissed")).toBeNull();
  });
});
