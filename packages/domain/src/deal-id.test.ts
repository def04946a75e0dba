import { describe, expect, it } from "vitest";
import { parseCatalogueId } from "./deal-id.ts";

describe("parseCatalogueId", () => {
  it("reads positive whole numbers", () => {
    expect(parseCatalogueId("1")).toBe(1);
    expect(parseCatalogueId("40123")).toBe(40_123);
    expect(parseCatalogueId("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("rejects zero, signs, leading zeros, decimals, unsafe sizes and junk", () => {
    for (const junk of [
      "0",
      "-1",
      "+1",
      "007",
      "1.5",
      "1e3",
      " 1",
      "9007199254740993",
      "",
      undefined,
      12,
      {},
    ]) {
      expect(parseCatalogueId(junk)).toBeNull();
    }
  });
});
