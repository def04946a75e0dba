import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { customerTokenAfterCauth, isValidBasketToken, isValidCustomerToken } from "./tokens.ts";

describe("isValidBasketToken", () => {
  it("accepts a token longer than 10 characters", () => {
    expect(isValidBasketToken("abcdefghijk")).toBe(true);
    expect(isValidBasketToken("3f2a9c1e-77b0-4c1d-9a55-0c1d2e3f4a5b")).toBe(true);
  });

  it("refuses a token of 10 characters or fewer", () => {
    expect(isValidBasketToken("abcdefghij")).toBe(false);
    expect(isValidBasketToken("")).toBe(false);
  });

  it('refuses the literal "undefined"', () => {
    expect(isValidBasketToken("undefined")).toBe(false);
  });

  it("refuses values that are not strings", () => {
    for (const junk of [undefined, null, 12345678901234, {}, ["abcdefghijkl"]]) {
      expect(isValidBasketToken(junk)).toBe(false);
    }
  });

  it("is valid exactly when the string is longer than 10 characters", () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => isValidBasketToken(s) === s.length > 10));
  });
});

describe("isValidCustomerToken", () => {
  it("accepts 10 characters or more and refuses shorter", () => {
    expect(isValidCustomerToken("abcdefghij")).toBe(true);
    expect(isValidCustomerToken("abcdefghi")).toBe(false);
    expect(isValidCustomerToken(undefined)).toBe(false);
  });

  it("is valid exactly when the string has at least 10 characters", () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => isValidCustomerToken(s) === s.length >= 10));
  });
});

describe("customerTokenAfterCauth", () => {
  it("keeps an existing token even when a cauth parameter is given", () => {
    expect(customerTokenAfterCauth("existing-token-1", "cauth-token-22")).toBe("existing-token-1");
  });

  it("takes the cauth token only when none exists", () => {
    expect(customerTokenAfterCauth(undefined, "cauth-token-22")).toBe("cauth-token-22");
    expect(customerTokenAfterCauth("short", "cauth-token-22")).toBe("cauth-token-22");
  });

  it("gives nothing when neither is a valid token", () => {
    expect(customerTokenAfterCauth(undefined, "short")).toBeUndefined();
  });
});
