import { BREAKPOINTS_PX, HOVER_DELAY_MS, NAV_VISIBLE_COUNT } from "@deals/domain/constants";
import { describe, expect, it } from "vitest";
import { SITE_NAV_CONFIG, sizeStartsAt, visibleEntryCount } from "./site-nav-script.ts";

describe("SITE_NAV_CONFIG", () => {
  it("shows 5, 7 and 10 entries from the md, lg and xl widths, with the spec's hover delay", () => {
    expect(SITE_NAV_CONFIG.visibleCounts).toEqual([
      { minWidth: 768, count: NAV_VISIBLE_COUNT.md },
      { minWidth: 992, count: NAV_VISIBLE_COUNT.lg },
      { minWidth: 1200, count: NAV_VISIBLE_COUNT.xl },
    ]);
    expect(SITE_NAV_CONFIG.hoverDelayMs).toBe(HOVER_DELAY_MS);
    expect(SITE_NAV_CONFIG.moreHoverMinWidth).toBe(sizeStartsAt(BREAKPOINTS_PX.lg));
  });
});

describe("visibleEntryCount", () => {
  const rights = [80, 200, 330, 470, 590, 700, 820, 960, 1080, 1190, 1300, 1420];

  it("shows every entry below the md width: the row scrolls instead", () => {
    expect(visibleEntryCount(400, 380, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(rights.length);
  });

  it("shows the size's count when they all fit", () => {
    expect(visibleEntryCount(800, 760, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(5);
    expect(visibleEntryCount(1000, 900, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(7);
    expect(visibleEntryCount(1400, 1250, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(10);
  });

  it("shows fewer when the entries are too wide for the row", () => {
    expect(visibleEntryCount(800, 600, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(5);
    expect(visibleEntryCount(800, 500, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(4);
    expect(visibleEntryCount(1400, 1000, rights, SITE_NAV_CONFIG.visibleCounts)).toBe(8);
  });

  it("never shows more entries than there are", () => {
    expect(visibleEntryCount(1400, 1250, [90, 180], SITE_NAV_CONFIG.visibleCounts)).toBe(2);
  });
});
