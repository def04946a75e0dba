/**
 * A basket line's gift options (product.md §3 "Gift options": e-gift, gift, gift packs, wrap;
 * §5: an e-gift needs the recipient's email, the message shows characters remaining). A plain
 * form: it posts without JavaScript; with it, the recipient field shows only for an e-gift and
 * the counter follows the typing. The answer's toasts ("Gift Pack Added", "Gift Wrap Added")
 * are the page's to show.
 */
import type { Currency } from "@deals/domain/brand";
import type { GiftType } from "@deals/domain/gifting";
import { formatMoney } from "@deals/domain/money";
import { giftMessageRemainingText } from "@deals/domain/validation";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { CheckoutData, CheckoutProduct } from "../../lib/basket-api.ts";
import type { FieldErrors } from "../../lib/forms.ts";

const GIFT_TYPE_TEXT: Record<GiftType, string> = {
  none: "Not a gift",
  "e-gift": "E-gift: we email the voucher to the recipient",
  gift: "Gift: we send it to you to pass on",
  "ndd-gpk": "Next-day delivery gift pack",
  "std-gpk": "Standard delivery gift pack",
  wrapped: "Gift wrap",
};

interface GiftOptionsProps {
  product: CheckoutProduct;
  checkout: Pick<CheckoutData, "giftPackPreset" | "giftWrapPreset" | "giftingConfig">;
  currency: Currency;
  errors?: FieldErrors | undefined;
  hydrated: boolean;
}

export function GiftOptions({ product, checkout, currency, errors = {}, hydrated }: GiftOptionsProps) {
  const busy = useNavigation().state === "submitting";
  const [type, setType] = useState<GiftType>(product.giftType);
  const [message, setMessage] = useState(product.giftMessage ?? "");
  const id = (name: string) => `${name}-${product.id}`;
  const extra: Partial<Record<GiftType, number>> = {
    "ndd-gpk": checkout.giftPackPreset.nddGiftPack.price,
    "std-gpk": checkout.giftPackPreset.stdGiftPack.price,
    wrapped: checkout.giftWrapPreset.price,
  };
  const needsEmail = checkout.giftingConfig.recipientEmailRequiredFor.includes(type);
  const described = (name: string, hint?: string) =>
    [hint, errors[name] ? id(`${name}-error`) : ""].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="post" action="/basket" className="gift-options" noValidate preventScrollReset>
      <input type="hidden" name="intent" value="gift" />
      <input type="hidden" name="lineId" value={product.id} />
      <fieldset>
        <legend>Gift options</legend>
        {checkout.giftingConfig.giftTypes.map((giftType) => {
          const price = extra[giftType];
          return (
            <div className="field field--check" key={giftType}>
              <input
                id={id(`giftType-${giftType}`)}
                type="radio"
                name="giftType"
                value={giftType}
                checked={type === giftType}
                onChange={() => setType(giftType)}
              />
              <label htmlFor={id(`giftType-${giftType}`)}>
                {GIFT_TYPE_TEXT[giftType]}
                {price !== undefined && ` (+${formatMoney(price, currency)} each)`}
              </label>
            </div>
          );
        })}
        {(needsEmail || !hydrated) && (
          <div className="field">
            <label htmlFor={id("recipientEmail")}>
              Recipient's email<span className="field__optional"> (for an e-gift)</span>
            </label>
            <input
              id={id("recipientEmail")}
              name="recipientEmail"
              type="email"
              autoComplete="off"
              defaultValue={product.recipientEmail ?? ""}
              aria-invalid={errors.recipientEmail ? true : undefined}
              aria-describedby={described("recipientEmail")}
            />
            {errors.recipientEmail && (
              <p id={id("recipientEmail-error")} className="field__error">
                {errors.recipientEmail}
              </p>
            )}
          </div>
        )}
        <div className="field">
          <label htmlFor={id("giftMessage")}>
            Gift message<span className="field__optional"> (optional)</span>
          </label>
          <textarea
            id={id("giftMessage")}
            name="giftMessage"
            rows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            aria-invalid={errors.giftMessage ? true : undefined}
            aria-describedby={described("giftMessage", id("giftMessage-remaining"))}
          />
          <p id={id("giftMessage-remaining")} className="field__hint" aria-live="polite">
            {giftMessageRemainingText(message)}
          </p>
          {errors.giftMessage && (
            <p id={id("giftMessage-error")} className="field__error">
              {errors.giftMessage}
            </p>
          )}
        </div>
        <button type="submit" className="button button--secondary" disabled={busy}>
          Save gift options
        </button>
      </fieldset>
    </Form>
  );
}
