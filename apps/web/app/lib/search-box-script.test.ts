import { describe, expect, it } from "vitest";
import { searchBoxScript } from "./search-box-script.ts";

describe("searchBoxScript", () => {
  const script = searchBoxScript({
    headers: { accept: "application/json", brand: "dealmoor" },
    location: "london",
  });

  it("is one self-contained script the browser can run", () => {
    expect(() => new Function(script)).not.toThrow();
    expect(script).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it("carries the brand's headers and the location as data", () => {
    expect(script).toContain('"brand":"dealmoor"');
    expect(script).toContain('"location":"london"');
  });

  it("cannot be closed early by what its data holds", () => {
    const hostile = searchBoxScript({ headers: {}, location: "</script><script>alert(1)</script>" });
    expect(hostile).not.toContain("</script>");
    expect(() => new Function(hostile)).not.toThrow();
  });
});
