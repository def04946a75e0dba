import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  giftMessageRemainingText,
  loginBodySchema,
  VALIDATION_MESSAGES as M,
  normalisePostcode,
  registrationBodySchema,
  validateDateOfBirth,
  validateEmail,
  validateGiftMessage,
  validateNights,
  validateNotRedeemedConfirmation,
  validateOrderNumber,
  validatePassenger,
  validatePassengerCount,
  validatePassword,
  validatePasswordsMatch,
  validatePhone,
  validatePostcode,
  validateProductChoice,
  validateRecipientEmail,
  validateRefundReason,
  validateRequired,
  validateVoucherCode,
} from "./validation.ts";

const validators = [
  validateRequired,
  validateEmail,
  validatePassword,
  (v: unknown) => validatePasswordsMatch(v, v),
  (v: unknown) => validatePostcode(v, "gb"),
  (v: unknown) => validatePostcode(v, "ie"),
  validatePhone,
  validatePassengerCount,
  validateNights,
  validateGiftMessage,
  validateOrderNumber,
  validateVoucherCode,
  validateNotRedeemedConfirmation,
  (v: unknown) => validateRecipientEmail(v, "e-gift"),
  validateRefundReason,
  validateProductChoice,
];

describe("validators never throw on junk", () => {
  it("return a message or undefined for any value", () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        for (const validate of validators) {
          const result = validate(junk);
          expect(result === undefined || typeof result === "string").toBe(true);
        }
        expect(typeof validatePassenger(junk as never, new Date())).toBe("object");
      }),
    );
  });
});

describe("required, email and passwords", () => {
  it("requires a value", () => {
    expect(validateRequired("")).toBe("This field is required");
    expect(validateRequired("   ")).toBe("This field is required");
    expect(validateRequired(null)).toBe("This field is required");
    expect(validateRequired([])).toBe("This field is required");
    expect(validateRequired("x")).toBeUndefined();
    expect(validateRequired(0)).toBeUndefined();
  });

  it("wants a valid email", () => {
    expect(validateEmail("shopper@example.co.uk")).toBeUndefined();
    expect(validateEmail(" shopper@example.ie ")).toBeUndefined();
    expect(validateEmail("shopper@")).toBe(M.email);
    expect(validateEmail("")).toBe(M.required);
  });

  it("wants a password of at least 6 characters", () => {
    expect(validatePassword("12345")).toBe("Password must be at least 6 characters");
    expect(validatePassword("123456")).toBeUndefined();
    expect(validatePassword("")).toBe(M.required);
  });

  it("wants the passwords to match", () => {
    expect(validatePasswordsMatch("secret1", "secret2")).toBe("Passwords must match");
    expect(validatePasswordsMatch("secret1", "secret1")).toBeUndefined();
    expect(validatePasswordsMatch("secret1", "")).toBe(M.required);
  });
});

describe("postcodes", () => {
  it("accepts UK postcodes of every shape", () => {
    for (const postcode of [
      "SW1A 1AA",
      "EC1A 1BB",
      "W1A 0AX",
      "M1 1AE",
      "B33 8TH",
      "CR2 6XH",
      "DN55 1PT",
      "gir0aa",
    ]) {
      expect(validatePostcode(postcode, "gb")).toBeUndefined();
    }
  });

  it("accepts Irish Eircodes", () => {
    for (const eircode of ["D02 AF30", "A65F4E2", "d6w 1234", "T12 XY34"]) {
      expect(validatePostcode(eircode, "ie")).toBeUndefined();
    }
  });

  it("says Enter a valid postcode for a malformed one, and Postal code is required when empty", () => {
    expect(validatePostcode("SW1A", "gb")).toBe("Enter a valid postcode");
    expect(validatePostcode("QQ1 1AA", "gb")).toBe("Enter a valid postcode");
    expect(validatePostcode("D02 AF30", "gb")).toBe("Enter a valid postcode");
    expect(validatePostcode("SW1A 1AA", "ie")).toBe("Enter a valid postcode");
    expect(validatePostcode("B12 BO30", "ie")).toBe("Enter a valid postcode");
    expect(validatePostcode(" ", "gb")).toBe("Postal code is required");
    expect(M.postcodeUnknown).toBe("Invalid postcode");
  });

  it("normalises to the written form", () => {
    expect(normalisePostcode("sw1a1aa", "gb")).toBe("SW1A 1AA");
    expect(normalisePostcode("m1  1ae", "gb")).toBe("M1 1AE");
    expect(normalisePostcode("d02af30", "ie")).toBe("D02 AF30");
    expect(normalisePostcode("nope", "gb")).toBeUndefined();
  });
});

describe("passenger details", () => {
  const now = new Date("2025-06-15T12:00:00Z");
  const valid = {
    title: "Mrs",
    firstNames: "Mary Anne",
    lastName: "O'Brien-Ní Dhúill",
    dateOfBirth: { day: "7", month: "03", year: "1988" },
    contactPhone: "+44 20 7946 0958",
  };

  it("accepts complete details matching a passport", () => {
    expect(validatePassenger(valid, now)).toEqual({});
  });

  it("requires every field", () => {
    expect(validatePassenger(undefined, now)).toEqual({
      title: M.required,
      firstNames: M.required,
      lastName: M.required,
      dateOfBirth: M.required,
      contactPhone: M.required,
    });
  });

  it("takes only the titles Mr, Mrs, Ms and Miss", () => {
    for (const title of ["Mr", "Mrs", "Ms", "Miss"])
      expect(validatePassenger({ ...valid, title }, now)).toEqual({});
    expect(validatePassenger({ ...valid, title: "Dr" }, now)).toEqual({ title: M.title });
  });

  it("refuses names with digits or symbols", () => {
    expect(validatePassenger({ ...valid, firstNames: "M4ry" }, now)).toEqual({ firstNames: M.passportName });
    expect(validatePassenger({ ...valid, lastName: "<b>" }, now)).toEqual({ lastName: M.passportName });
  });

  it("wants the year of birth as YYYY and a real past date", () => {
    expect(validateDateOfBirth({ day: 7, month: 3, year: "88" }, now)).toBe("Enter the year as YYYY");
    expect(validateDateOfBirth({ day: 31, month: 2, year: 1990 }, now)).toBe(M.dateOfBirth);
    expect(validateDateOfBirth({ day: 1, month: 13, year: 1990 }, now)).toBe(M.dateOfBirth);
    expect(validateDateOfBirth({ day: 16, month: 6, year: 2025 }, now)).toBe(M.dateOfBirth);
    expect(validateDateOfBirth({ day: 29, month: 2, year: 2024 }, now)).toBeUndefined();
  });

  it("wants a contact phone of 7 to 15 digits", () => {
    expect(validatePhone("020 7946 0958")).toBeUndefined();
    expect(validatePhone("+353 (1) 234-5678")).toBeUndefined();
    expect(validatePhone("12345")).toBe(M.phone);
    expect(validatePhone("call me")).toBe(M.phone);
  });

  it("takes passenger counts 2, 4, 6 or 8 only", () => {
    for (const count of [2, 4, 6, 8]) expect(validatePassengerCount(count)).toBeUndefined();
    for (const count of [0, 1, 3, 10, "2"])
      expect(validatePassengerCount(count)).toBe("Choose 2, 4, 6 or 8 passengers");
  });

  it("takes 1 to 16 nights", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 30 }), (n) => {
        expect(validateNights(n) === undefined).toBe(n >= 1 && n <= 16);
      }),
    );
    expect(validateNights(2.5)).toBe("Choose between 1 and 16 nights");
  });
});

describe("gifts, orders and vouchers", () => {
  it("shows the gift message characters remaining", () => {
    expect(giftMessageRemainingText("")).toBe("250 characters remaining");
    expect(giftMessageRemainingText("x".repeat(249))).toBe("1 character remaining");
    expect(giftMessageRemainingText("x".repeat(300))).toBe("0 characters remaining");
    expect(validateGiftMessage("x".repeat(250))).toBeUndefined();
    expect(validateGiftMessage("x".repeat(251))).toBe(M.giftMessageTooLong);
  });

  it("requires a valid order number and voucher code", () => {
    expect(validateOrderNumber("")).toBe(M.required);
    expect(validateOrderNumber("12345678")).toBeUndefined();
    expect(validateOrderNumber(12345678)).toBeUndefined();
    expect(validateOrderNumber("12ab")).toBe("Enter a valid order number");
    expect(validateVoucherCode("")).toBe(M.required);
    expect(validateVoucherCode("AB12-CD34")).toBeUndefined();
    expect(validateVoucherCode("AB 12")).toBe("Enter a valid voucher code");
  });

  it("needs confirmation that the code was not redeemed with the merchant", () => {
    expect(validateNotRedeemedConfirmation(true)).toBeUndefined();
    expect(validateNotRedeemedConfirmation("true")).toBe(M.notRedeemedConfirmation);
  });

  it("requires a recipient email for an e-voucher only", () => {
    expect(validateRecipientEmail("", "e-gift")).toBe("Recipient email is required for an e-voucher");
    expect(validateRecipientEmail("friend@", "e-gift")).toBe(M.email);
    expect(validateRecipientEmail("friend@example.com", "e-gift")).toBeUndefined();
    expect(validateRecipientEmail("", "gift")).toBeUndefined();
  });

  it("requires a refund reason to be selected", () => {
    expect(validateRefundReason("")).toBe("Please select a refund reason");
    expect(validateRefundReason("Changed my mind", ["Changed my mind"])).toBeUndefined();
    expect(validateRefundReason("Other", ["Changed my mind"])).toBe("Please select a refund reason");
  });

  it("requires at least one product to be chosen", () => {
    expect(validateProductChoice({ a: 0, b: 0 })).toBe("Choose at least one product");
    expect(validateProductChoice({ a: 0, b: 2 })).toBeUndefined();
    expect(validateProductChoice([1])).toBeUndefined();
    expect(validateProductChoice({})).toBe("Choose at least one product");
  });
});

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("login body", () => {
  it("parses username, password and the remember-me flag", () => {
    expect(loginBodySchema.parse({ username: " shopper@example.com ", password: "x" })).toEqual({
      username: "shopper@example.com",
      password: "x",
      rememberMe: false,
    });
  });

  it("carries the spec's messages", () => {
    expect(messagesOf(loginBodySchema.safeParse({ username: "nope", password: "" }))).toEqual({
      username: M.email,
      password: M.required,
    });
    expect(messagesOf(loginBodySchema.safeParse({}))).toEqual({ username: M.required, password: M.required });
  });

  it("refuses a body that is not an object", () => {
    expect(messagesOf(loginBodySchema.safeParse("junk"))).toEqual({
      "": "The request body must be a JSON object",
    });
  });
});

describe("registration body", () => {
  const body = {
    email: "new@example.ie",
    password: "secret1",
    confirmPassword: "secret1",
    firstName: "Aoife",
    lastName: "Byrne",
  };

  it("accepts a complete registration", () => {
    expect(registrationBodySchema.parse({ ...body, title: "Ms" })).toMatchObject({
      title: "Ms",
      subscribe: false,
    });
  });

  it("carries the spec's messages", () => {
    expect(
      messagesOf(registrationBodySchema.safeParse({ ...body, password: "12345", confirmPassword: "12345" })),
    ).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(messagesOf(registrationBodySchema.safeParse({ ...body, confirmPassword: "secret2" }))).toEqual({
      confirmPassword: "Passwords must match",
    });
    expect(messagesOf(registrationBodySchema.safeParse({ ...body, firstName: " " }))).toEqual({
      firstName: M.required,
    });
  });

  it("rejects an unknown title naming the field", () => {
    expect(messagesOf(registrationBodySchema.safeParse({ ...body, title: "Lord" }))).toEqual({
      title: "title must be one of Mr, Mrs, Ms, Miss",
    });
  });
});
