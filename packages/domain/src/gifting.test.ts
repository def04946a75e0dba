import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BasketChange,
  canBeGifted,
  changeLineQuantity,
  GIFT_TYPES,
  type GiftBasketLine,
  type GiftPresets,
  giftMessageCharactersRemaining,
  isGiftPackType,
  removeBasketLine,
  switchGiftType,
} from "./gifting.ts";

const presets: GiftPresets = {
  nddGiftPack: { dealId: 900, productId: 9001 },
  stdGiftPack: { dealId: 900, productId: 9002 },
  giftWrap: { dealId: 901, productId: 9101 },
};

const item = (id: string, quantity: number, extra: Partial<GiftBasketLine> = {}): GiftBasketLine => ({
  id,
  dealId: 100,
  dealProductId: 1000 + Number(id.replace(/\D/g, "") || 0),
  quantity,
  adminFee: 150,
  ...extra,
});

function lines(change: BasketChange): GiftBasketLine[] {
  if (!change.ok) throw new Error(change.reason);
  return change.lines;
}

const packLine = (ls: GiftBasketLine[], productId: number) =>
  ls.find((l) => l.giftPack && l.dealProductId === productId);
const wrapLine = (ls: GiftBasketLine[]) => ls.find((l) => l.giftWrap);

describe("switchGiftType", () => {
  it("to a gift pack adds the pack product with the item's quantity and toasts Gift Pack Added", () => {
    const result = switchGiftType([item("a1", 2)], "a1", "ndd-gpk", presets);
    expect(result.ok && result.toasts).toEqual(["Gift Pack Added"]);
    const ls = lines(result);
    expect(packLine(ls, 9001)?.quantity).toBe(2);
    expect(ls[0]?.gifting).toEqual({ type: "ndd-gpk", gift: true, giftPackProductId: 9001 });
  });

  it("to a gift pack already in the basket raises its quantity", () => {
    const once = lines(switchGiftType([item("a1", 2), item("b2", 3)], "a1", "std-gpk", presets));
    const result = switchGiftType(once, "b2", "std-gpk", presets);
    const ls = lines(result);
    expect(ls.filter((l) => l.giftPack)).toHaveLength(1);
    expect(packLine(ls, 9002)?.quantity).toBe(5);
    expect(result.ok && result.toasts).toEqual(["Gift Pack Added"]);
  });

  it("to another gift pack removes the previous pack", () => {
    const ndd = lines(switchGiftType([item("a1", 2)], "a1", "ndd-gpk", presets));
    const ls = lines(switchGiftType(ndd, "a1", "std-gpk", presets));
    expect(packLine(ls, 9001)).toBeUndefined();
    expect(packLine(ls, 9002)?.quantity).toBe(2);
  });

  it("to a gift pack removes the wrap", () => {
    const wrapped = lines(switchGiftType([item("a1", 2)], "a1", "wrapped", presets));
    const ls = lines(switchGiftType(wrapped, "a1", "ndd-gpk", presets));
    expect(wrapLine(ls)).toBeUndefined();
  });

  it("to wrapped adds a wrap line matching the quantity and toasts Gift Wrap Added", () => {
    const result = switchGiftType([item("a1", 3)], "a1", "wrapped", presets);
    expect(result.ok && result.toasts).toEqual(["Gift Wrap Added"]);
    expect(wrapLine(lines(result))).toMatchObject({ dealId: 901, dealProductId: 9101, quantity: 3 });
  });

  it("to wrapped updates an existing wrap line without a toast", () => {
    const first = lines(switchGiftType([item("a1", 3), item("b2", 1)], "a1", "wrapped", presets));
    const result = switchGiftType(first, "b2", "wrapped", presets);
    expect(result.ok && result.toasts).toEqual([]);
    expect(wrapLine(lines(result))?.quantity).toBe(4);
  });

  it("to e-gift removes pack and wrap", () => {
    const packed = lines(switchGiftType([item("a1", 1), item("b2", 1)], "a1", "ndd-gpk", presets));
    const both = lines(switchGiftType(packed, "b2", "wrapped", presets));
    const afterA = lines(switchGiftType(both, "a1", "e-gift", presets));
    const ls = lines(switchGiftType(afterA, "b2", "e-gift", presets));
    expect(ls.filter((l) => l.giftPack || l.giftWrap)).toEqual([]);
    expect(ls.every((l) => l.gifting?.type === "e-gift" && l.gifting.gift)).toBe(true);
  });

  it("to none removes any pack or wrap and clears the gifting data", () => {
    const packed = lines(switchGiftType([item("a1", 2)], "a1", "std-gpk", presets));
    const ls = lines(switchGiftType(packed, "a1", "none", presets));
    expect(ls).toHaveLength(1);
    expect(ls[0]).not.toHaveProperty("gifting");
  });

  it("refuses a gift for a product without an adminFee", () => {
    const result = switchGiftType([item("a1", 1, { adminFee: 0 })], "a1", "gift", presets);
    expect(result).toEqual({ ok: false, reason: "This product cannot be sent as a gift." });
    expect(switchGiftType([item("a1", 1, { adminFee: undefined })], "a1", "none", presets).ok).toBe(true);
  });

  it("refuses a pack or wrap that is not on offer", () => {
    expect(switchGiftType([item("a1", 1)], "a1", "ndd-gpk", {}).ok).toBe(false);
    expect(switchGiftType([item("a1", 1)], "a1", "wrapped", {}).ok).toBe(false);
  });

  it("refuses an unknown line and a pack or wrap line itself", () => {
    expect(switchGiftType([item("a1", 1)], "zz", "gift", presets).ok).toBe(false);
    const packed = lines(switchGiftType([item("a1", 1)], "a1", "ndd-gpk", presets));
    expect(switchGiftType(packed, "gift-pack-9001", "gift", presets).ok).toBe(false);
  });
});

describe("removeBasketLine", () => {
  it("reduces the line's pack and fires cart_remove_item", () => {
    const a = lines(switchGiftType([item("a1", 2), item("b2", 3)], "a1", "ndd-gpk", presets));
    const both = lines(switchGiftType(a, "b2", "ndd-gpk", presets));
    const result = removeBasketLine(both, "a1");
    expect(packLine(lines(result), 9001)?.quantity).toBe(3);
    expect(result.ok && result.events).toEqual([
      { name: "cart_remove_item", dealId: 100, productId: 1001, quantity: 2 },
    ]);
  });

  it("removes the wrap with the last wrapped item", () => {
    const wrapped = lines(switchGiftType([item("a1", 2)], "a1", "wrapped", presets));
    expect(lines(removeBasketLine(wrapped, "a1"))).toEqual([]);
  });
});

describe("changeLineQuantity", () => {
  it("moves the pack and wrap quantities with the item", () => {
    const wrapped = lines(switchGiftType([item("a1", 2)], "a1", "wrapped", presets));
    expect(wrapLine(lines(changeLineQuantity(wrapped, "a1", 5)))?.quantity).toBe(5);
  });

  it("removes the line at 0 or less", () => {
    const result = changeLineQuantity([item("a1", 2)], "a1", 0);
    expect(lines(result)).toEqual([]);
    expect(result.ok && result.events.map((e) => e.name)).toEqual(["cart_remove_item"]);
  });

  it("refuses a fractional quantity", () => {
    expect(changeLineQuantity([item("a1", 2)], "a1", 1.5).ok).toBe(false);
  });
});

describe("canBeGifted and gift message", () => {
  it("allows a gift only for a product with an adminFee", () => {
    expect(canBeGifted({ adminFee: 99 })).toBe(true);
    expect(canBeGifted({ adminFee: 0 })).toBe(false);
    expect(canBeGifted({})).toBe(false);
  });

  it("counts the characters remaining, one per emoji", () => {
    expect(giftMessageCharactersRemaining("", 250)).toBe(250);
    expect(giftMessageCharactersRemaining("Happy birthday!", 250)).toBe(235);
    expect(giftMessageCharactersRemaining("🎁🎂", 10)).toBe(8);
    expect(giftMessageCharactersRemaining("x".repeat(12), 10)).toBe(-2);
  });
});

describe("pack and wrap stay consistent (property)", () => {
  type Op =
    | { kind: "switch"; line: number; type: (typeof GIFT_TYPES)[number] }
    | { kind: "quantity"; line: number; quantity: number }
    | { kind: "remove"; line: number };

  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({
      kind: fc.constant("switch" as const),
      line: fc.nat(4),
      type: fc.constantFrom(...GIFT_TYPES),
    }),
    fc.record({
      kind: fc.constant("quantity" as const),
      line: fc.nat(4),
      quantity: fc.integer({ min: -1, max: 6 }),
    }),
    fc.record({ kind: fc.constant("remove" as const), line: fc.nat(4) }),
  );

  function assertConsistent(ls: GiftBasketLine[]) {
    const items = ls.filter((l) => !l.giftPack && !l.giftWrap);
    const accessories = ls.filter((l) => l.giftPack || l.giftWrap);
    for (const a of accessories) expect(a.quantity).toBeGreaterThan(0);
    for (const productId of [9001, 9002]) {
      const expected = items
        .filter((l) => isGiftPackType(l.gifting?.type) && l.gifting?.giftPackProductId === productId)
        .reduce((s, l) => s + l.quantity, 0);
      const packs = ls.filter((l) => l.giftPack && l.dealProductId === productId);
      expect(packs.length).toBeLessThanOrEqual(1);
      expect(packs[0]?.quantity ?? 0).toBe(expected);
    }
    const wrapped = items.filter((l) => l.gifting?.type === "wrapped").reduce((s, l) => s + l.quantity, 0);
    const wraps = ls.filter((l) => l.giftWrap);
    expect(wraps.length).toBeLessThanOrEqual(1);
    expect(wraps[0]?.quantity ?? 0).toBe(wrapped);
  }

  it("holds after any sequence of switches and quantity changes", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
        fc.array(op),
        (qs, ops) => {
          let ls = qs.map((q, i) => item(`l${i}`, q));
          for (const o of ops) {
            const id = `l${o.line}`;
            const change =
              o.kind === "switch"
                ? switchGiftType(ls, id, o.type, presets)
                : o.kind === "quantity"
                  ? changeLineQuantity(ls, id, o.quantity)
                  : removeBasketLine(ls, id);
            if (change.ok) ls = change.lines;
            assertConsistent(ls);
          }
        },
      ),
    );
  });
});
