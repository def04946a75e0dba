import type { GiftBasketLine } from "@deals/domain/gifting";
import { describe, expect, it } from "vitest";
import type { CheckoutData } from "./basket-api.ts";
import {
  applyBasketChange,
  basketLinesOf,
  basketUnits,
  changeFromForm,
  optimisticLines,
} from "./basket-view.ts";

const packed: GiftBasketLine = {
  id: "11",
  dealId: 1,
  dealProductId: 11,
  quantity: 2,
  adminFee: 199,
  gifting: { type: "std-gpk", gift: true, giftPackProductId: 2 },
};
const plain: GiftBasketLine = { id: "22", dealId: 2, dealProductId: 22, quantity: 1 };
const pack: GiftBasketLine = { id: "gift-pack-2", dealId: 0, dealProductId: 2, quantity: 2, giftPack: true };
const lines = [packed, plain, pack];

describe("applyBasketChange", () => {
  it("changes a quantity, and the item's gift pack follows it", () => {
    const next = applyBasketChange(lines, { kind: "quantity", lineId: "11", quantity: 3 });
    expect(next.find((l) => l.id === "11")?.quantity).toBe(3);
    expect(next.find((l) => l.id === "gift-pack-2")?.quantity).toBe(3);
  });

  it("removes a line with the gift pack that only it used", () => {
    const next = applyBasketChange(lines, { kind: "remove", lineId: "11" });
    expect(next.map((l) => l.id)).toEqual(["22"]);
  });

  it("leaves the lines as they were when the rules refuse the change", () => {
    expect(applyBasketChange(lines, { kind: "remove", lineId: "gift-pack-2" })).toBe(lines);
    expect(applyBasketChange(lines, { kind: "quantity", lineId: "nope", quantity: 2 })).toBe(lines);
  });
});

describe("optimisticLines", () => {
  it("applies the pending changes in order over the confirmed lines", () => {
    const shown = optimisticLines(lines, [
      { kind: "quantity", lineId: "22", quantity: 4 },
      { kind: "remove", lineId: "11" },
    ]);
    expect(shown).toEqual([{ ...plain, quantity: 4 }]);
  });

  it("rolls back to the confirmed lines once a failed change is no longer pending", () => {
    const pending = [{ kind: "remove", lineId: "22" } as const];
    expect(optimisticLines(lines, pending)).not.toContainEqual(plain);
    expect(optimisticLines(lines, [])).toEqual(lines);
  });
});

describe("basketUnits", () => {
  it("counts units of deal products, not gift packs or wrap", () => {
    expect(basketUnits(lines)).toBe(3);
    expect(basketUnits([])).toBe(0);
  });
});

describe("changeFromForm", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.set(name, value);
    return data;
  };

  it("reads a quantity or remove form", () => {
    expect(changeFromForm(form({ intent: "quantity", lineId: "11", quantity: "3" }))).toEqual({
      kind: "quantity",
      lineId: "11",
      quantity: 3,
    });
    expect(changeFromForm(form({ intent: "remove", lineId: "11" }))).toEqual({
      kind: "remove",
      lineId: "11",
    });
  });

  it("is null for other forms and for forms without a line", () => {
    expect(changeFromForm(form({ intent: "gift", lineId: "11" }))).toBeNull();
    expect(changeFromForm(form({ intent: "remove" }))).toBeNull();
    expect(changeFromForm(form({ intent: "quantity", lineId: "11", quantity: "two" }))).toBeNull();
    expect(changeFromForm(undefined)).toBeNull();
  });
});

describe("basketLinesOf", () => {
  const preset = (productId: number) => ({ dealId: 0, productId, name: "x", price: 100 });
  const product = (id: string, giftType: string) => ({
    id,
    productId: Number(id),
    quantity: 2,
    adminFee: 199,
    giftType,
  });

  it("gives items their gifting and tells packs from wrap by the presets", () => {
    const checkout = {
      deals: [
        { dealId: 1, products: [product("11", "std-gpk"), product("12", "wrapped"), product("13", "none")] },
      ],
      giftExtras: [
        { id: "gift-pack-2", productId: 2, name: "Pack", quantity: 2, total: 598 },
        { id: "gift-wrap-3", productId: 3, name: "Wrap", quantity: 2, total: 398 },
      ],
      giftPackPreset: { nddGiftPack: preset(1), stdGiftPack: preset(2) },
      giftWrapPreset: preset(3),
    } as unknown as CheckoutData;
    const result = basketLinesOf(checkout);
    expect(result.find((l) => l.id === "11")?.gifting).toEqual({
      type: "std-gpk",
      gift: true,
      giftPackProductId: 2,
    });
    expect(result.find((l) => l.id === "12")?.gifting).toEqual({ type: "wrapped", gift: true });
    expect(result.find((l) => l.id === "13")?.gifting).toBeUndefined();
    expect(result.find((l) => l.id === "gift-pack-2")).toMatchObject({ giftPack: true, quantity: 2 });
    expect(result.find((l) => l.id === "gift-wrap-3")).toMatchObject({ giftWrap: true, quantity: 2 });
    // The rules then keep them in step: removing the wrapped item takes the wrap away.
    expect(applyBasketChange(result, { kind: "remove", lineId: "12" }).some((l) => l.giftWrap)).toBe(false);
  });
});
