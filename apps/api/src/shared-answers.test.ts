import { describe, expect, it } from "vitest";
import { type SharedAnswer, SharedAnswers } from "./shared-answers.ts";

const BRAND = { brand: "dealmoor", "country-code": "gb", version: "1" };

function answerOf(status: number, text: string): SharedAnswer {
  const bytes = () => new TextEncoder().encode(text);
  return { status, headers: { "content-type": "application/json" }, text, bytes };
}

/** A loader that counts its calls and answers `status` with the call's number. */
function counting(status = 200) {
  let calls = 0;
  return {
    load: async () => answerOf(status, String(++calls)),
    calls: () => calls,
  };
}

const text = async (answer: Promise<SharedAnswer>) => (await answer).text;

describe("SharedAnswers", () => {
  it("shares the shell's answers per brand, and nothing a shopper's cookie or a write could change", () => {
    const shared = new SharedAnswers();
    const other = { ...BRAND, brand: "fernlight" };
    for (const url of [
      "/v1/locations",
      "/v1/location/leeds",
      "/v1/navigations?location=leeds",
      "/v1/site/hotels",
      "/v1/homepage/leeds",
      "/v1/tiles?brand=main&country=gb&navigation=leeds&subNavigation=leeds&location=leeds",
    ]) {
      expect(shared.keyOf("GET", url, BRAND)).toBeDefined();
      expect(shared.keyOf("GET", url, other)).not.toBe(shared.keyOf("GET", url, BRAND));
    }
    expect(shared.keyOf("GET", "/v1/locations", { ...BRAND, Cookie: "sid=abc" })).toBeUndefined();
    expect(shared.keyOf("POST", "/v1/locations", BRAND)).toBeUndefined();
    expect(shared.keyOf("GET", "/v1/deals/leeds?page=0&pageSize=24", BRAND)).toBeUndefined();
    expect(shared.keyOf("GET", "/v1/navigations?location=leeds&x=1", BRAND)).toBeUndefined();
    expect(new SharedAnswers(0).keyOf("GET", "/v1/locations", BRAND)).toBeUndefined();
  });

  it("answers from memory until the time is up, one call for requests arriving together", async () => {
    let now = 0;
    const shared = new SharedAnswers(
      5_000,
      () => now,
      () => 0,
    );
    const loader = counting();
    const together = await Promise.all([
      text(shared.answer("k", loader.load)),
      text(shared.answer("k", loader.load)),
    ]);
    expect(together).toEqual(["1", "1"]);
    now = 4_999;
    expect(await text(shared.answer("k", loader.load))).toBe("1");
    now = 5_000;
    expect(await text(shared.answer("k", loader.load))).toBe("2");
    expect(loader.calls()).toBe(2);
  });

  it("keeps answers asked for together for different times, at least three quarters of the time", async () => {
    let now = 0;
    const spread = [0, 0.999];
    const shared = new SharedAnswers(
      4_000,
      () => now,
      () => spread.shift() ?? 0,
    );
    const loader = counting();
    await Promise.all([text(shared.answer("a", loader.load)), text(shared.answer("b", loader.load))]);
    now = 3_100;
    expect(await text(shared.answer("a", loader.load))).toBe("1");
    expect(await text(shared.answer("b", loader.load))).toBe("3");
    expect(loader.calls()).toBe(3);
  });

  it("keeps no answer but a 200, and no failure", async () => {
    const shared = new SharedAnswers(5_000, () => 0);
    const missing = counting(404);
    await shared.answer("k", missing.load);
    await shared.answer("k", missing.load);
    expect(missing.calls()).toBe(2);
    await expect(shared.answer("j", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await text(shared.answer("j", counting().load))).toBe("1");
  });
});
