import { describe, expect, it } from "vitest";
import { DEAL_SHARE_SCRIPT } from "./deal-share-script.ts";

describe("DEAL_SHARE_SCRIPT", () => {
  it("is one self-contained expression the browser can run, small enough for the deal page's budget", () => {
    expect(() => new Function(DEAL_SHARE_SCRIPT)).not.toThrow();
    expect(DEAL_SHARE_SCRIPT).not.toMatch(/\bimport\b|\brequire\(/);
    // It reports to the loyalty calls with the API's headers.
    expect(DEAL_SHARE_SCRIPT).toContain("/v1/loyalty/view-deal");
    expect(DEAL_SHARE_SCRIPT).toContain("/v1/loyalty/share-deal");
    expect(DEAL_SHARE_SCRIPT).toContain('"v1.1"');
    expect(DEAL_SHARE_SCRIPT.length).toBeLessThan(4_000);
  });
});
