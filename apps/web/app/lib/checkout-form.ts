/**
 * The checkout's pay form: its fields, read and checked by the same rules the API enforces
 * (product.md §5: postcode or full address, passenger details where the deal needs them,
 * Visa and MasterCard only, expiry and security code), and turned into the order request.
 * Card details are never echoed back into the page.
 */
import type { CountryCode } from "@deals/domain/brand";
import { PASSENGER_COUNTS } from "@deals/domain/constants";
import type { InstrumentType, PaymentMethod } from "@deals/domain/payment";
import { validateCard } from "@deals/domain/payment";
import {
  validateEmail,
  validatePassenger,
  validatePassengerCount,
  validatePostcode,
  validateRequired,
} from "@deals/domain/validation";
import type { CheckoutData, PlaceOrderBody } from "./basket-api.ts";
import { type FieldErrors, fieldErrors } from "./forms.ts";

export const PAYMENT_REQUIRED_MESSAGE = "Choose how to pay.";

/** The guest's email at an express checkout: the order, the vouchers and the new account's. */
export const EXPRESS_EMAIL_FIELD = "expressEmail";

export type PaymentOption = CheckoutData["paymentMethods"]["offered"][number];

/** The radio value naming one offered option: "credit_card:NEW", "paypal:EXISTING:12". */
export function paymentOptionValue(
  option: Pick<PaymentOption, "method" | "instrumentType" | "instrumentId">,
) {
  return [option.method, option.instrumentType, option.instrumentId].filter(Boolean).join(":");
}

export const ADDRESS_FIELDS = ["postCode", "addressLine1", "addressLine2", "town"] as const;
export const PASSENGER_FIELDS = [
  "title",
  "firstNames",
  "lastName",
  "dobDay",
  "dobMonth",
  "dobYear",
  "contactPhone",
];

/** A passenger field's name and id: p0-title, p1-dobYear... */
export const passengerField = (index: number, field: string) => `p${index}-${field}`;

/** Passengers travel in rooms of 2; the form starts with the smallest choice. */
export function passengerCountOf(value: FormDataEntryValue | string | null | undefined): number {
  const count = Number(value);
  return validatePassengerCount(count) ? PASSENGER_COUNTS[0] : count;
}

export interface PayFormContext {
  country: CountryCode;
  requirements: CheckoutData["requirements"];
  offered: readonly PaymentOption[];
  totalOrderAmount: number;
  now: Date;
}

export interface PayFormResult {
  /** Everything typed except the card details, to show again. */
  values: Record<string, string>;
  errors: FieldErrors | undefined;
  /** The order request, when nothing needs correcting. */
  body: PlaceOrderBody | null;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

function readPassengers(form: FormData, count: number, now: Date, errors: FieldErrors) {
  const passengers: NonNullable<PlaceOrderBody["passengers"]> = [];
  for (let index = 0; index < count; index++) {
    const field = (name: string) => text(form, passengerField(index, name));
    const passenger = {
      title: field("title"),
      firstNames: field("firstNames"),
      lastName: field("lastName"),
      dateOfBirth: { day: field("dobDay"), month: field("dobMonth"), year: field("dobYear") },
      contactPhone: field("contactPhone"),
    };
    const found = validatePassenger(passenger, now);
    errors[passengerField(index, "title")] = found.title;
    errors[passengerField(index, "firstNames")] = found.firstNames;
    errors[passengerField(index, "lastName")] = found.lastName;
    errors[passengerField(index, "dobDay")] = found.dateOfBirth;
    errors[passengerField(index, "contactPhone")] = found.contactPhone;
    passengers.push(passenger);
  }
  return passengers;
}

export function readPayForm(form: FormData, ctx: PayFormContext): PayFormResult {
  const values: Record<string, string> = {};
  for (const name of [...ADDRESS_FIELDS, "paymentOption", "paypalEmail", "passengerCount"]) {
    values[name] = text(form, name);
  }
  const errors: FieldErrors = {
    postCode: validatePostcode(values.postCode, ctx.country),
    // A delivered item needs the whole address (product.md §5 "a full address or postcode").
    ...(ctx.requirements.address === "full"
      ? { addressLine1: validateRequired(values.addressLine1), town: validateRequired(values.town) }
      : {}),
  };

  let passengers: PlaceOrderBody["passengers"];
  if (ctx.requirements.passengers) {
    const count = passengerCountOf(values.passengerCount);
    values.passengerCount = String(count);
    for (let index = 0; index < count; index++) {
      for (const name of PASSENGER_FIELDS)
        values[passengerField(index, name)] = text(form, passengerField(index, name));
    }
    passengers = readPassengers(form, count, ctx.now, errors);
  }

  const chosen = ctx.offered.find((option) => paymentOptionValue(option) === values.paymentOption);
  let payment: PlaceOrderBody["payment"];
  if (ctx.totalOrderAmount > 0) {
    if (!chosen) errors.paymentOption = PAYMENT_REQUIRED_MESSAGE;
    else payment = paymentInput(form, chosen, values, errors, ctx.now);
  }

  const found = fieldErrors(errors);
  if (found) return { values, errors: found, body: null };
  const address = Object.fromEntries(ADDRESS_FIELDS.map((name) => [name, values[name]]).filter(([, v]) => v));
  return {
    values,
    errors: undefined,
    body: {
      useWallet: form.get("useWallet") === "true",
      address,
      ...(passengers ? { passengers } : {}),
      ...(payment ? { payment } : {}),
      expectedTotal: ctx.totalOrderAmount,
    },
  };
}

/**
 * The guest's express checkout (product.md §6): the pay form with the guest's express options,
 * and the email address the order is placed under. Wallet credit needs a sign-in.
 */
export function readExpressForm(form: FormData, ctx: PayFormContext): PayFormResult {
  const read = readPayForm(form, ctx);
  const values = {
    ...read.values,
    [EXPRESS_EMAIL_FIELD]: text(form, EXPRESS_EMAIL_FIELD),
  };
  const errors = fieldErrors({
    [EXPRESS_EMAIL_FIELD]: validateEmail(values[EXPRESS_EMAIL_FIELD]),
    ...read.errors,
  });
  if (errors || !read.body) return { values, errors, body: null };
  return { values, errors: undefined, body: { ...read.body, useWallet: false } };
}

function paymentInput(
  form: FormData,
  option: PaymentOption,
  values: Record<string, string>,
  errors: FieldErrors,
  now: Date,
): NonNullable<PlaceOrderBody["payment"]> {
  const base = {
    method: option.method as PaymentMethod,
    instrumentType: option.instrumentType as InstrumentType,
    saveInstrument: form.get("saveInstrument") === "on",
  };
  if (option.instrumentType === "EXISTING") return { ...base, instrumentId: option.instrumentId };
  if (option.method === "credit_card") {
    const card = {
      number: text(form, "cardNumber"),
      expiry: text(form, "cardExpiry"),
      securityCode: text(form, "cardSecurityCode"),
    };
    const check = validateCard(card, now);
    errors.cardNumber = check.errors.number;
    errors.cardExpiry = check.errors.expiry;
    errors.cardSecurityCode = check.errors.securityCode;
    return { ...base, card };
  }
  if (option.method === "paypal") {
    errors.paypalEmail = validateEmail(values.paypalEmail);
    return { ...base, paypal: { payerEmail: values.paypalEmail ?? "", credit: false } };
  }
  return base;
}

const FIELD_LABELS: Record<string, string> = {
  addressLine1: "Address line 1",
  town: "Town or city",
  paymentOption: "Payment method",
  cardNumber: "Card number",
  cardExpiry: "Expiry date",
  cardSecurityCode: "Security code",
  paypalEmail: "PayPal email address",
  [EXPRESS_EMAIL_FIELD]: "Email address for your order",
  promoCode: "Promo code",
  username: "Email address",
  password: "Password",
  firstName: "First name",
  lastName: "Last name",
  email: "Your email address",
  newPassword: "Choose a password",
  confirmPassword: "Confirm password",
};
const PASSENGER_FIELD_LABELS: Record<string, string> = {
  title: "title",
  firstNames: "first names",
  lastName: "last name",
  dobDay: "date of birth",
  contactPhone: "contact phone",
};

/** What the error summary calls a field, so "This field is required" says which one. */
export function fieldLabel(field: string, country: CountryCode): string | undefined {
  if (field === "postCode") return country === "ie" ? "Eircode" : "Postcode";
  const passenger = /^p(\d+)-(\w+)$/.exec(field);
  if (passenger) {
    const part = PASSENGER_FIELD_LABELS[passenger[2] ?? ""];
    return part && `Passenger ${Number(passenger[1]) + 1} ${part}`;
  }
  return FIELD_LABELS[field];
}

/** The field an API refusal of the payment points at (orders module's card error codes). */
const API_ERROR_FIELDS: Record<string, string> = {
  CARD_NUMBER_INVALID: "cardNumber",
  CARD_BRAND_REFUSED: "cardNumber",
  CARD_EXPIRED: "cardExpiry",
  CARD_EXPIRY_INVALID: "cardExpiry",
  CARD_SECURITY_CODE: "cardSecurityCode",
  PAYMENT_REQUIRED: "paymentOption",
  PAYMENT_DETAILS_REQUIRED: "paymentOption",
  PAYMENT_METHOD_UNAVAILABLE: "paymentOption",
  // The express-buy token's refusal: the address belongs to an active account.
  ACCOUNT_EXISTS: EXPRESS_EMAIL_FIELD,
};

export function fieldForApiError(code: string): string | undefined {
  return API_ERROR_FIELDS[code];
}

/** What a checkout action answers the page: the form to show again, and what happened. */
export interface CheckoutResult {
  intent: string;
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** A refusal of the whole form, with the API's code. */
  formError?: { code: string; message: string };
  /** A confirmation (the registration email sent, an address filled in). */
  message?: string;
  /** The payment was tried and failed: the basket is kept and the shopper can try again. */
  paymentFailed?: boolean;
  /** A fresh key for the next attempt, once an attempt under the old one has ended. */
  idempotencyKey?: string;
  /** The addresses of the postcode looked up, to choose from. */
  addresses?: { addressLine1: string; addressLine2?: string | undefined; town: string; postCode: string }[];
  /** What the guest had typed in the pay form, kept through a refused sign-in or registration. */
  draft?: Record<string, string>;
  /** The promo code's result, classified (services.md §8 "Promo analytics events"). */
  promo?: { code: string; message: string; applicable: boolean; outcome: string; analyticsEvent: string };
}
