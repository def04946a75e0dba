import { describe, expect, it } from "vitest";
import { activationReminder, maySavePaymentMethod } from "./activation.ts";

describe("activation", () => {
  it("unlocks saving a payment method, and only that is held back before it", () => {
    expect(maySavePaymentMethod({ activated: false })).toBe(false);
    expect(maySavePaymentMethod({ activated: true })).toBe(true);
  });

  it("reminds the shopper of the address to confirm and what waits for it", () => {
    const reminder = activationReminder("sam@example.com");
    expect(reminder).toContain("sam@example.com");
    expect(reminder).toContain("You can buy straight away");
    expect(reminder).toContain("saving a card for next time");
  });
});
