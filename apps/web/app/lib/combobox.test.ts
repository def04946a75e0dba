import { describe, expect, it } from "vitest";
import { isListKey, nextActiveIndex } from "./combobox.ts";

describe("nextActiveIndex", () => {
  it("moves down from the text into the list and back out after the last option", () => {
    expect(nextActiveIndex(-1, "ArrowDown", 3)).toBe(0);
    expect(nextActiveIndex(1, "ArrowDown", 3)).toBe(2);
    expect(nextActiveIndex(2, "ArrowDown", 3)).toBe(-1);
  });

  it("moves up from the text to the last option and back to the text from the first", () => {
    expect(nextActiveIndex(-1, "ArrowUp", 3)).toBe(2);
    expect(nextActiveIndex(0, "ArrowUp", 3)).toBe(-1);
  });

  it("jumps to the ends with Home and End", () => {
    expect(nextActiveIndex(1, "Home", 3)).toBe(0);
    expect(nextActiveIndex(-1, "End", 3)).toBe(2);
  });

  it("has nothing to make active in an empty list", () => {
    expect(nextActiveIndex(-1, "ArrowDown", 0)).toBe(-1);
    expect(nextActiveIndex(2, "End", 0)).toBe(-1);
  });
});

describe("isListKey", () => {
  it("knows the keys that move through the list", () => {
    expect(["ArrowDown", "ArrowUp", "Home", "End"].every(isListKey)).toBe(true);
    expect(isListKey("Enter")).toBe(false);
  });
});
