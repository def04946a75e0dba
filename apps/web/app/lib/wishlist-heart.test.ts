import { describe, expect, it } from "vitest";
import { heartChoice, heartField } from "./wishlist-heart.ts";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("a heart's choice", () => {
  it("names the field that undoes the heart's state", () => {
    expect(heartField(false)).toBe("wish");
    expect(heartField(true)).toBe("unwish");
  });

  it("reads the deal and what to do to it from the pressed heart", () => {
    expect(heartChoice(form({ wish: "114533", returnTo: "/" }))).toEqual({ dealId: 114533, wish: true });
    expect(heartChoice(form({ unwish: "7", returnTo: "/" }))).toEqual({ dealId: 7, wish: false });
  });

  it.each([
    ["no heart", { returnTo: "/" }],
    ["an empty id", { wish: "" }],
    ["a word", { unwish: "steak" }],
    ["zero", { wish: "0" }],
    ["a negative id", { wish: "-4" }],
    ["a fraction", { wish: "1.5" }],
    ["an id past the safe integers", { wish: "9007199254740993" }],
  ])("names no deal for %s", (_, fields) => {
    expect(heartChoice(form(fields))).toBeNull();
  });
});
