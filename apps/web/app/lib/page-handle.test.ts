import { describe, expect, it } from "vitest";
import { pageHydrates } from "./page-handle.ts";

describe("pageHydrates", () => {
  it("hydrates unless one of the page's routes says it does not", () => {
    expect(pageHydrates([undefined, {}, { hydrate: true }])).toBe(true);
    expect(pageHydrates([])).toBe(true);
    expect(pageHydrates([undefined, { hydrate: false }])).toBe(false);
  });
});
