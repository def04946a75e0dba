/**
 * Form and request validation (product.md §5 "Validation rules"). Every validator takes any
 * value, never throws, and returns the message to show, or undefined when the value is fine.
 * The zod schemas at the end carry the same messages for the API's request bodies.
 */
import { z } from "zod";
import type { CountryCode } from "./brand.ts";
import { NIGHTS_RANGE, PASSENGER_COUNTS, PASSWORD_MIN_LENGTH } from "./constants.ts";
import { type GiftType, giftMessageCharactersRemaining } from "./gifting.ts";

export const VALIDATION_MESSAGES = {
  required: "This field is required",
  email: "Enter a valid email address",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordsMismatch: "Passwords must match",
  postcodeRequired: "Postal code is required",
  postcodeMalformed: "Enter a valid postcode",
  /** A well-formed postcode the address lookup does not know. */
  postcodeUnknown: "Invalid postcode",
  title: "Select a title: Mr, Mrs, Ms or Miss",
  passportName: "Enter the name as it appears on the passport",
  dateOfBirth: "Enter a valid date of birth",
  yearFormat: "Enter the year as YYYY",
  phone: "Enter a valid phone number",
  passengerCount: `Choose ${PASSENGER_COUNTS.slice(0, -1).join(", ")} or ${PASSENGER_COUNTS.at(-1)} passengers`,
  nights: `Choose between ${NIGHTS_RANGE.min} and ${NIGHTS_RANGE.max} nights`,
  giftMessageTooLong: "Your gift message is too long",
  orderNumber: "Enter a valid order number",
  voucherCode: "Enter a valid voucher code",
  recipientEmailRequired: "Recipient email is required for an e-voucher",
  refundReason: "Please select a refund reason",
  chooseProduct: "Choose at least one product",
  notRedeemedConfirmation: "Please confirm the code has not been redeemed with the merchant",
} as const;

const M = VALIDATION_MESSAGES;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export function validateRequired(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  if (Array.isArray(value) && value.length === 0) return M.required;
  return undefined;
}

const emailFormat = z.email();

export function validateEmail(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  return emailFormat.safeParse(text(value)).success ? undefined : M.email;
}

export function validatePassword(value: unknown): string | undefined {
  if (isBlank(value) || typeof value !== "string") return M.required;
  return value.length >= PASSWORD_MIN_LENGTH ? undefined : M.passwordTooShort;
}

export function validatePasswordsMatch(password: unknown, confirmation: unknown): string | undefined {
  if (isBlank(confirmation)) return M.required;
  return password === confirmation ? undefined : M.passwordsMismatch;
}

// UK postcodes: outward code (A9, A99, A9A, AA9, AA99, AA9A) then inward code (9AA).
const UK_POSTCODE =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ]\d[\dA-HJKPS-UW]?|[A-PR-UWYZ][A-HK-Y]\d[\dABEHMNPRV-Y]?) ?\d[ABD-HJLNP-UW-Z]{2})$/;
// Irish Eircodes: routing key (letter and two digits, or D6W) then a four-character identifier.
const EIRCODE = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[\dAC-FHKNPRTV-Y]{4}$/;

/** A postcode in its standard written form ("SW1A 1AA", "D02 AF30"), or undefined if malformed. */
export function normalisePostcode(value: unknown, country: CountryCode): string | undefined {
  const compact = text(value).toUpperCase().replace(/\s+/g, "");
  const pattern = country === "ie" ? EIRCODE : UK_POSTCODE;
  if (!pattern.test(compact)) return undefined;
  return country === "ie"
    ? `${compact.slice(0, 3)} ${compact.slice(3)}`
    : `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/** UK postcode or Irish Eircode by country. */
export function validatePostcode(value: unknown, country: CountryCode): string | undefined {
  if (isBlank(value)) return M.postcodeRequired;
  return normalisePostcode(value, country) ? undefined : M.postcodeMalformed;
}

// Passengers (product.md §5): every field required, names as on the passport.

export const PASSENGER_TITLES = ["Mr", "Mrs", "Ms", "Miss"] as const;
export type PassengerTitle = (typeof PASSENGER_TITLES)[number];

export interface PassengerInput {
  title: unknown;
  firstNames: unknown;
  lastName: unknown;
  dateOfBirth: { day: unknown; month: unknown; year: unknown };
  contactPhone: unknown;
}

export type PassengerErrors = Partial<
  Record<"title" | "firstNames" | "lastName" | "dateOfBirth" | "contactPhone", string>
>;

const PASSPORT_NAME = /^\p{L}[\p{L}\p{M}' ’.-]*$/u;

function validatePassportName(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  const name = text(value);
  return name.length <= 50 && PASSPORT_NAME.test(name) ? undefined : M.passportName;
}

const wholeNumber = (value: unknown): number | undefined => {
  const digits = typeof value === "number" ? String(value) : text(value);
  return /^\d{1,4}$/.test(digits) ? Number(digits) : undefined;
};

/** Day, month and a four-digit year forming a real date, after 1900 and not in the future. */
export function validateDateOfBirth(
  dob: PassengerInput["dateOfBirth"] | undefined,
  now: Date,
): string | undefined {
  if (!dob || isBlank(dob.day) || isBlank(dob.month) || isBlank(dob.year)) return M.required;
  const yearText = typeof dob.year === "number" ? String(dob.year) : text(dob.year);
  if (!/^\d{4}$/.test(yearText)) return M.yearFormat;
  const day = wholeNumber(dob.day);
  const month = wholeNumber(dob.month);
  const year = Number(yearText);
  if (day === undefined || month === undefined) return M.dateOfBirth;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date.getTime() > now.getTime()) return M.dateOfBirth;
  return undefined;
}

/** 7 to 15 digits, optionally after a +, with spaces, dashes or brackets between. */
export function validatePhone(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  const phone = text(value);
  if (!/^\+?[\d\s()-]+$/.test(phone)) return M.phone;
  const digits = phone.replace(/\D/g, "").length;
  return digits >= 7 && digits <= 15 ? undefined : M.phone;
}

export function validatePassenger(
  passenger: Partial<PassengerInput> | undefined,
  now: Date,
): PassengerErrors {
  const title = passenger?.title;
  const found: PassengerErrors = {
    title: isBlank(title)
      ? M.required
      : PASSENGER_TITLES.includes(title as PassengerTitle)
        ? undefined
        : M.title,
    firstNames: validatePassportName(passenger?.firstNames),
    lastName: validatePassportName(passenger?.lastName),
    dateOfBirth: validateDateOfBirth(passenger?.dateOfBirth, now),
    contactPhone: validatePhone(passenger?.contactPhone),
  };
  return Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as PassengerErrors;
}

/** Passengers travel in rooms of 2: 2, 4, 6 or 8. */
export function validatePassengerCount(value: unknown): string | undefined {
  return (PASSENGER_COUNTS as readonly unknown[]).includes(value) ? undefined : M.passengerCount;
}

export function validateNights(value: unknown): string | undefined {
  const ok =
    Number.isInteger(value) && (value as number) >= NIGHTS_RANGE.min && (value as number) <= NIGHTS_RANGE.max;
  return ok ? undefined : M.nights;
}

// Gifts, orders and vouchers

/** The counter under the gift message box, e.g. "236 characters remaining". */
export function giftMessageRemainingText(message: unknown): string {
  const remaining = Math.max(giftMessageCharactersRemaining(typeof message === "string" ? message : ""), 0);
  return `${remaining} ${remaining === 1 ? "character" : "characters"} remaining`;
}

export function validateGiftMessage(message: unknown): string | undefined {
  if (message === undefined || message === null) return undefined;
  if (typeof message !== "string") return M.giftMessageTooLong;
  return giftMessageCharactersRemaining(message) >= 0 ? undefined : M.giftMessageTooLong;
}

export function validateOrderNumber(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  const digits = typeof value === "number" ? String(value) : text(value);
  return /^\d{4,20}$/.test(digits) ? undefined : M.orderNumber;
}

export function validateVoucherCode(value: unknown): string | undefined {
  if (isBlank(value)) return M.required;
  return /^[A-Za-z0-9-]{4,32}$/.test(text(value)) ? undefined : M.voucherCode;
}

/** The shopper must confirm the code was not redeemed with the merchant. */
export function validateNotRedeemedConfirmation(confirmed: unknown): string | undefined {
  return confirmed === true ? undefined : M.notRedeemedConfirmation;
}

/** An e-voucher is emailed, so it needs the recipient's address. */
export function validateRecipientEmail(email: unknown, giftType: GiftType): string | undefined {
  if (giftType !== "e-gift") return undefined;
  if (isBlank(email)) return M.recipientEmailRequired;
  return validateEmail(email);
}

export function validateRefundReason(reason: unknown, reasons?: readonly string[]): string | undefined {
  if (isBlank(reason) || typeof reason !== "string") return M.refundReason;
  return reasons && !reasons.includes(reason) ? M.refundReason : undefined;
}

/** At least one product chosen with a quantity of one or more. */
export function validateProductChoice(quantities: unknown): string | undefined {
  if (typeof quantities !== "object" || quantities === null) return M.chooseProduct;
  const values = Object.values(quantities);
  return values.some((q) => Number.isInteger(q) && q > 0) ? undefined : M.chooseProduct;
}

// Request bodies

const requiredText = z.string({ error: M.required }).trim().min(1, { error: M.required });
const emailField = requiredText.pipe(z.email({ error: M.email }));

/** An enum whose errors name the field and its allowed values. */
function namedEnum<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? M.required : `${field} must be one of ${values.join(", ")}`,
  });
}

const bodyError = { error: "The request body must be a JSON object" };

export const loginBodySchema = z.object(
  {
    username: emailField,
    password: z.string({ error: M.required }).min(1, { error: M.required }),
    rememberMe: z.boolean().default(false),
  },
  bodyError,
);
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registrationBodySchema = z
  .object(
    {
      email: emailField,
      password: z.string({ error: M.required }).min(PASSWORD_MIN_LENGTH, { error: M.passwordTooShort }),
      confirmPassword: z.string({ error: M.required }),
      title: namedEnum("title", PASSENGER_TITLES).optional(),
      firstName: requiredText.max(50),
      lastName: requiredText.max(50),
      subscribe: z.boolean().default(false),
    },
    bodyError,
  )
  .refine((body) => body.password === body.confirmPassword, {
    error: M.passwordsMismatch,
    path: ["confirmPassword"],
  });
export type RegistrationBody = z.infer<typeof registrationBodySchema>;
