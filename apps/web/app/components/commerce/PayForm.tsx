/**
 * The checkout's pay form: billing address (found by postcode or Eircode, or typed in),
 * passenger details where the deal needs them, how to pay (with a card form for a new card),
 * and the pay button. It posts without JavaScript; with it, the address lookup runs in the
 * background, the passenger forms follow the count chosen, and the card fields are checked as
 * they are left, by the same card rules the API applies. For a guest it is the express
 * checkout: their email address first, and the express methods the basket allows.
 */
import type { CountryCode } from "@deals/domain/brand";
import { PASSENGER_COUNTS } from "@deals/domain/constants";
import { formatMoney } from "@deals/domain/money";
import {
  CARD_BRAND_NAMES,
  detectCardBrand,
  validateCardExpiry,
  validateCardNumber,
  validateSecurityCode,
} from "@deals/domain/payment";
import { GUESTS_PER_ROOM } from "@deals/domain/travel-stay";
import { PASSENGER_TITLES } from "@deals/domain/validation";
import { type FocusEvent, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import type { CheckoutData } from "../../lib/basket-api.ts";
import {
  type CheckoutResult,
  EXPRESS_EMAIL_FIELD,
  passengerCountOf,
  passengerField,
  paymentOptionValue,
} from "../../lib/checkout-form.ts";
import type { FieldErrors } from "../../lib/forms.ts";
import { Field } from "../Field.tsx";
import {
  EXPRESS_METHODS,
  PaymentAssurance,
  PaymentMethodChoice,
  RefusedPaymentMethods,
} from "./PaymentMethods.tsx";

const POSTCODE_LABEL = { gb: "Postcode", ie: "Eircode" } as const;

type Address = NonNullable<CheckoutResult["addresses"]>[number];

interface PayFormProps {
  checkout: CheckoutData;
  country: CountryCode;
  /** The customer's saved address, to start from. */
  savedAddress: Partial<Address> | null;
  result: CheckoutResult | undefined;
  /** What the shopper typed before signing in, to start from when there is no answer yet. */
  draft?: Record<string, string> | undefined;
  idempotencyKey: string;
  hydrated: boolean;
  /** A guest at the express checkout. */
  guest?: boolean;
}

function defaultPaymentOption(checkout: CheckoutData): string {
  const stored = checkout.userInfo.paymentOptions.paymentInstruments.find((i) => i.default);
  const offered = checkout.paymentMethods.offered;
  const preferred = stored && offered.find((o) => o.instrumentId === String(stored.id));
  const first = preferred ?? offered[0];
  return first ? paymentOptionValue(first) : "";
}

/** The card fields' own checks, run as each is left (the card rules of the rules package). */
function checkCardField(name: string, value: string, number: string): string | undefined {
  if (name === "cardNumber") return validateCardNumber(value);
  if (name === "cardExpiry") return validateCardExpiry(value, new Date());
  return validateSecurityCode(value, detectCardBrand(number));
}

export function PayForm(props: PayFormProps) {
  const { checkout, country, savedAddress, result, draft, idempotencyKey, hydrated, guest } = props;
  const values = result?.values ?? draft ?? {};
  const serverErrors: FieldErrors = result?.errors ?? {};
  const lookup = useFetcher<CheckoutResult>({ key: "address-lookup" });
  const intent = guest ? "express" : "pay";
  const paying = useNavigation().formData?.get("intent") === intent;

  const [address, setAddress] = useState<Record<string, string>>({
    postCode: values.postCode ?? savedAddress?.postCode ?? "",
    addressLine1: values.addressLine1 ?? savedAddress?.addressLine1 ?? "",
    addressLine2: values.addressLine2 ?? savedAddress?.addressLine2 ?? "",
    town: values.town ?? savedAddress?.town ?? "",
  });
  // A held stay names its guests: one passenger each.
  const stayGuests = checkout.deals
    .flatMap((d) => d.products)
    .reduce((sum, p) => sum + (p.checkInDate ? p.quantity * GUESTS_PER_ROOM : 0), 0);
  const [passengerCount, setPassengerCount] = useState(
    passengerCountOf(values.passengerCount ?? (stayGuests > 0 ? String(stayGuests) : undefined)),
  );
  const [chosen, setChosen] = useState(values.paymentOption || defaultPaymentOption(checkout));
  const [cardNumber, setCardNumber] = useState("");
  const [cardErrors, setCardErrors] = useState<FieldErrors>({});

  const lookedUp = lookup.state === "idle" ? lookup.data : undefined;
  const addresses = lookedUp?.addresses ?? result?.addresses;
  const errors: FieldErrors = { ...serverErrors, ...(lookedUp?.errors ?? {}), ...cardErrors };
  const chosenOption = checkout.paymentMethods.offered.find((o) => paymentOptionValue(o) === chosen);
  // Without JavaScript every offered method's details are on the form; with it, the chosen one's.
  const showDetails = (method: string) =>
    checkout.paymentMethods.offered.some((o) => o.method === method && o.instrumentType === "NEW") &&
    (!hydrated || (chosenOption?.method === method && chosenOption.instrumentType === "NEW"));
  const showCard = showDetails("credit_card");
  const showPaypal = showDetails("paypal");
  const total = checkout.orderSummary.totalOrderAmount;
  const cardBrand = detectCardBrand(cardNumber);

  const setField = (name: string) => (event: { currentTarget: HTMLInputElement }) => {
    const { value } = event.currentTarget;
    setAddress((current) => ({ ...current, [name]: value }));
  };
  const checkCard = (event: FocusEvent<HTMLInputElement>) => {
    // Leaving for the pay button: the payment's own check answers, without moving the button
    // under the pointer between press and release.
    const next = event.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === "submit") return;
    const { name, value } = event.currentTarget;
    // An empty field is only flagged when the shopper tries to pay.
    const message = value.trim() === "" ? undefined : checkCardField(name, value, cardNumber);
    setCardErrors((current) => ({ ...current, [name]: message }));
  };
  const findAddress = () => {
    lookup.submit({ intent: "lookup", postCode: address.postCode ?? "" }, { method: "post" });
  };
  const fillAddress = (chosenAddress: Address) =>
    setAddress({
      postCode: chosenAddress.postCode,
      addressLine1: chosenAddress.addressLine1,
      addressLine2: chosenAddress.addressLine2 ?? "",
      town: chosenAddress.town,
    });
  const addressText = (a: Address) => [a.addressLine1, a.addressLine2, a.town].filter(Boolean).join(", ");

  return (
    <Form
      method="post"
      noValidate
      className="pay-form"
      aria-labelledby="pay-title"
      // The answer to this attempt replaces what was found as the fields were left.
      onSubmit={() => setCardErrors({})}
    >
      {guest ? <h3 id="pay-title">Pay as a guest</h3> : <h2 id="pay-title">Pay for your order</h2>}
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <input type="hidden" name="useWallet" value={String(!guest && checkout.queryParams.wallet)} />

      {guest && (
        <Field
          name={EXPRESS_EMAIL_FIELD}
          label="Email address for your order"
          type="email"
          autoComplete="email"
          defaultValue={values[EXPRESS_EMAIL_FIELD]}
          error={errors[EXPRESS_EMAIL_FIELD]}
          hint="We send your vouchers here, with a link to activate your account when you like."
          required
        />
      )}

      <fieldset className="address">
        <legend>Billing address</legend>
        <Field
          name="postCode"
          label={POSTCODE_LABEL[country]}
          autoComplete="postal-code"
          value={address.postCode}
          onChange={setField("postCode")}
          error={errors.postCode}
          hint={
            errors.postCodeHint ??
            `Find your address by ${POSTCODE_LABEL[country].toLowerCase()}, or type it in below.`
          }
          required
        />
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={findAddress}>
            Find address
          </button>
        ) : (
          <button type="submit" name="intent" value="lookup" className="button button--secondary">
            Find address
          </button>
        )}
        {addresses && addresses.length > 0 && (
          <fieldset className="address__choices">
            <legend>Choose your address</legend>
            {addresses.map((found, index) => (
              <div className="field field--check" key={addressText(found)}>
                <input
                  id={`chosenAddress-${index}`}
                  type="radio"
                  name="chosenAddress"
                  value={index}
                  defaultChecked={!hydrated && index === 0}
                  onChange={() => fillAddress(found)}
                />
                <label htmlFor={`chosenAddress-${index}`}>{addressText(found)}</label>
              </div>
            ))}
            {!hydrated && (
              <button type="submit" name="intent" value="choose" className="button button--secondary">
                Use this address
              </button>
            )}
          </fieldset>
        )}
        {(result?.message || lookedUp?.message) && (
          <p role="status">{lookedUp?.message ?? result?.message}</p>
        )}
        <Field
          name="addressLine1"
          label="Address line 1"
          autoComplete="address-line1"
          value={address.addressLine1}
          onChange={setField("addressLine1")}
          error={errors.addressLine1}
          required={checkout.requirements.address === "full"}
        />
        <Field
          name="addressLine2"
          label="Address line 2"
          autoComplete="address-line2"
          value={address.addressLine2}
          onChange={setField("addressLine2")}
        />
        <Field
          name="town"
          label="Town or city"
          autoComplete="address-level2"
          value={address.town}
          onChange={setField("town")}
          error={errors.town}
          required={checkout.requirements.address === "full"}
        />
      </fieldset>

      {checkout.requirements.passengers && (
        <fieldset className="passengers">
          <legend>Passenger details</legend>
          <p className="field__hint">Enter every passenger's details exactly as on their passport.</p>
          <div className="field">
            <label htmlFor="passengerCount">Number of passengers</label>
            <select
              id="passengerCount"
              name="passengerCount"
              value={passengerCount}
              onChange={(event) => setPassengerCount(Number(event.currentTarget.value))}
            >
              {PASSENGER_COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
            {!hydrated && (
              <button type="submit" name="intent" value="passengers" className="button button--secondary">
                Change number of passengers
              </button>
            )}
          </div>
          {Array.from({ length: passengerCount }, (_, index) => passengerField(index, "")).map(
            (key, index) => (
              <PassengerFields key={key} index={index} values={values} errors={errors} />
            ),
          )}
        </fieldset>
      )}

      {total > 0 && (
        <>
          <PaymentMethodChoice
            offered={checkout.paymentMethods.offered}
            instruments={checkout.userInfo.paymentOptions.paymentInstruments}
            chosen={chosen}
            onChoose={setChosen}
            error={errors.paymentOption}
          />
          <RefusedPaymentMethods
            refused={checkout.paymentMethods.refused}
            {...(guest ? { only: EXPRESS_METHODS } : {})}
          />
        </>
      )}

      {total > 0 && showCard && (
        <fieldset className="card-form">
          <legend>Card details</legend>
          <Field
            name="cardNumber"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            value={cardNumber}
            onChange={(event) => setCardNumber(event.currentTarget.value)}
            onBlur={checkCard}
            error={errors.cardNumber}
            hint={cardBrand !== "unknown" ? CARD_BRAND_NAMES[cardBrand] : undefined}
            required
          />
          <Field
            name="cardExpiry"
            label="Expiry date (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            onBlur={checkCard}
            error={errors.cardExpiry}
            required
          />
          <Field
            name="cardSecurityCode"
            label="Security code"
            inputMode="numeric"
            autoComplete="cc-csc"
            onBlur={checkCard}
            error={errors.cardSecurityCode}
            hint="The last 3 digits on the back of your card."
            required
          />
          {checkout.userInfo.maySavePaymentMethod && (
            <div className="field field--check">
              <input id="saveInstrument" name="saveInstrument" type="checkbox" />
              <label htmlFor="saveInstrument">Save this card for next time</label>
            </div>
          )}
        </fieldset>
      )}

      {total > 0 && showPaypal && (
        <fieldset className="paypal-form">
          <legend>PayPal</legend>
          <Field
            name="paypalEmail"
            label="PayPal email address"
            type="email"
            autoComplete="email"
            defaultValue={values.paypalEmail}
            error={errors.paypalEmail}
            required={hydrated}
          />
        </fieldset>
      )}

      <p className="pay-form__total">
        To pay now: <strong>{formatMoney(total, checkout.orderSummary.currency)}</strong>
      </p>
      {total > 0 && <PaymentAssurance />}
      <button type="submit" name="intent" value={intent} className="button button--pay" disabled={paying}>
        {paying ? "Making payment…" : `Pay ${formatMoney(total, checkout.orderSummary.currency)}`}
      </button>
      <p className="pay-form__state" role="status">
        {paying ? "Making payment" : ""}
      </p>
    </Form>
  );
}

function PassengerFields({
  index,
  values,
  errors,
}: {
  index: number;
  values: Record<string, string>;
  errors: FieldErrors;
}) {
  const name = (field: string) => passengerField(index, field);
  const dobError = errors[name("dobDay")];
  return (
    <fieldset className="passenger">
      <legend>Passenger {index + 1}</legend>
      <div className="field">
        <label htmlFor={name("title")}>Title</label>
        <select
          id={name("title")}
          name={name("title")}
          defaultValue={values[name("title")] ?? ""}
          aria-invalid={errors[name("title")] ? true : undefined}
          aria-describedby={errors[name("title")] ? `${name("title")}-error` : undefined}
        >
          <option value="">Choose…</option>
          {PASSENGER_TITLES.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
        {errors[name("title")] && (
          <p id={`${name("title")}-error`} className="field__error">
            {errors[name("title")]}
          </p>
        )}
      </div>
      <Field
        name={name("firstNames")}
        label="First names"
        autoComplete="off"
        defaultValue={values[name("firstNames")]}
        error={errors[name("firstNames")]}
        required
      />
      <Field
        name={name("lastName")}
        label="Last name"
        autoComplete="off"
        defaultValue={values[name("lastName")]}
        error={errors[name("lastName")]}
        required
      />
      <fieldset className="date-of-birth" aria-describedby={dobError ? `${name("dobDay")}-error` : undefined}>
        <legend>Date of birth</legend>
        <div className="date-of-birth__parts">
          {(
            [
              ["dobDay", "Day", 2],
              ["dobMonth", "Month", 2],
              ["dobYear", "Year (YYYY)", 4],
            ] as const
          ).map(([field, label, size]) => (
            <div className="field" key={field}>
              <label htmlFor={name(field)}>{label}</label>
              <input
                id={name(field)}
                name={name(field)}
                inputMode="numeric"
                size={size}
                maxLength={size}
                defaultValue={values[name(field)]}
                aria-invalid={dobError ? true : undefined}
              />
            </div>
          ))}
        </div>
        {dobError && (
          <p id={`${name("dobDay")}-error`} className="field__error">
            {dobError}
          </p>
        )}
      </fieldset>
      <Field
        name={name("contactPhone")}
        label="Contact phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values[name("contactPhone")]}
        error={errors[name("contactPhone")]}
        required
      />
    </fieldset>
  );
}
