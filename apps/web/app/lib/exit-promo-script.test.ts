import { describe, expect, it } from "vitest";
import { exitPromoScript } from "./exit-promo-script.ts";

describe("exitPromoScript", () => {
  it("is one self-contained script the browser can run, with the page's code and location", () => {
    const script = exitPromoScript({ code: "EXTRA10", termsHref: "/page/termsofuse", location: "london" });
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
    expect(script).toContain('"code":"EXTRA10"');
    expect(script).toContain('"location":"london"');
  });

  it("cannot be closed early by what its data holds", () => {
    const script = exitPromoScript({ code: "</script>", termsHref: "/page/termsofuse", location: "london" });
    expect(script).not.toContain("</script>");
  });
});
