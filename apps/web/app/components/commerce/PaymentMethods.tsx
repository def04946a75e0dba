/**
 * How the shopper may pay: the methods the rules offer for this basket (availablePaymentMethods
 * in the rules package, as the API answered it), and the ones the basket rules out with the
 * reason (product.md §5 "Cart guards", §6 roles); what trust cues go beside them.
 */
import { explainsRefusal } from "@deals/domain/payment";
import type { CheckoutData } from "../../lib/basket-api.ts";
import { type PaymentOption, paymentOptionValue } from "../../lib/checkout-form.ts";

type PaymentMethodName = PaymentOption["method"];
type Instrument = CheckoutData["userInfo"]["paymentOptions"]["paymentInstruments"][number];

export const PAYMENT_METHOD_NAMES: Record<PaymentMethodName, string> = {
  credit_card: "Debit or credit card (Visa or MasterCard)",
  paypal: "PayPal",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
  klarna: "Klarna",
  clearpay: "Clearpay",
};

/** The express options a guest may be offered (product.md §6). */
export const EXPRESS_METHODS: readonly PaymentMethodName[] = [
  "apple_pay",
  "google_pay",
  "clearpay",
  "klarna",
];

/** A stored card or PayPal account, as the shopper knows it. */
function instrumentName(instrument: Instrument | undefined, method: PaymentMethodName): string {
  if (!instrument) return `Saved ${PAYMENT_METHOD_NAMES[method]}`;
  if (instrument.type === "paypal") return `Saved PayPal account ${instrument.payerEmail ?? ""}`.trim();
  return `Saved ${instrument.cardType ?? "card"} ending ${instrument.last4 ?? "…"}`;
}

export function paymentOptionName(option: PaymentOption, instruments: readonly Instrument[]): string {
  if (option.instrumentType === "NEW") return PAYMENT_METHOD_NAMES[option.method];
  const instrument = instruments.find((i) => String(i.id) === option.instrumentId);
  return instrumentName(instrument, option.method);
}

interface RefusedProps {
  refused: CheckoutData["paymentMethods"]["refused"];
  /** Only these methods (the guests' express ones, say); all when absent. */
  only?: readonly PaymentMethodName[];
}

/**
 * The methods the basket rules out, where the shopper would look for them, each with its
 * reason in the shopper's words (explainsRefusal); the others are simply not shown.
 */
export function RefusedPaymentMethods({ refused, only }: RefusedProps) {
  const shown = refused.filter((r) => (!only || only.includes(r.method)) && explainsRefusal(r));
  if (shown.length === 0) return null;
  return (
    <div className="payment-refused">
      <h3>Not available for this order</h3>
      <ul>
        {shown.map((r) => (
          <li key={`${r.method}:${r.instrumentType}`} data-payment-method={r.method}>
            <strong>
              {r.instrumentType === "EXISTING"
                ? `Saved ${PAYMENT_METHOD_NAMES[r.method]}`
                : PAYMENT_METHOD_NAMES[r.method]}
            </strong>
            : {r.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

interface ChoiceProps {
  offered: readonly PaymentOption[];
  instruments: readonly Instrument[];
  chosen: string;
  onChoose: (value: string) => void;
  error: string | undefined;
}

/** The offered methods as radio buttons (a native group: arrow keys move between them). */
export function PaymentMethodChoice({ offered, instruments, chosen, onChoose, error }: ChoiceProps) {
  return (
    <fieldset
      className="payment-methods"
      aria-describedby={error ? "paymentOption-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>How would you like to pay?</legend>
      {offered.map((option, index) => {
        const value = paymentOptionValue(option);
        return (
          <div className="field field--check" key={value}>
            <input
              id={index === 0 ? "paymentOption" : `paymentOption-${value}`}
              type="radio"
              name="paymentOption"
              value={value}
              checked={chosen === value}
              onChange={() => onChoose(value)}
              data-payment-method={option.method}
            />
            <label htmlFor={index === 0 ? "paymentOption" : `paymentOption-${value}`}>
              {paymentOptionName(option, instruments)}
            </label>
          </div>
        );
      })}
      {error && (
        <p id="paymentOption-error" className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * What a shopper looks for before paying: the card marks taken (product.md §5: Visa and
 * MasterCard only), that the payment is secure, and the refund promise (product.md §4: refund
 * unavailable once redeemed or within 7 days of expiry; voucher protection).
 */
export function PaymentAssurance() {
  return (
    <div className="payment-assurance">
      <p className="payment-assurance__marks">
        <span className="card-mark card-mark--visa" aria-hidden="true">
          VISA
        </span>
        <span className="card-mark card-mark--mastercard" aria-hidden="true">
          Mastercard
        </span>
        <span>We take Visa and Mastercard.</span>
      </p>
      <p>
        <span aria-hidden="true">🔒</span> Secure payment: your card details go encrypted straight to our
        payment provider.
      </p>
      <p>
        Not redeemed it? Get a refund until 7 days before your voucher expires, or add voucher protection for
        more cover.
      </p>
    </div>
  );
}
