import { describe, expect, it } from "vitest";
import { inlineScript } from "./inline-script.ts";

describe("inlineScript", () => {
  it("runs source that calls the __name helper a compiler added", () => {
    const source = 'globalThis.inlined = __name(() => "ran", "tick")();';
    expect(() => new Function(source)()).toThrow(/__name/);
    new Function(inlineScript(source))();
    expect((globalThis as { inlined?: string }).inlined).toBe("ran");
  });

  it("keeps the helper out of the page's global scope", () => {
    new Function(inlineScript("void 0;"))();
    expect("__name" in globalThis).toBe(false);
  });
});
