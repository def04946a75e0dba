/**
 * A basket line's delivery choice (product.md §3 "Deal product": productDeliveryOptions;
 * services.md §7.3 PATCH basket/{basketToken}/product/{productId} with deliveryOptionType),
 * each option named with the postage it adds. A plain form: it posts without JavaScript; with
 * it, choosing an option saves it at once, and the line and the order summary follow.
 */
import type { Currency } from "@deals/domain/brand";
import { Form, useNavigation } from "react-router";
import type { CheckoutProduct } from "../../lib/basket-api.ts";
import { deliveryOptionViews } from "../../lib/order-summary.ts";

interface DeliveryOptionsProps {
  product: CheckoutProduct;
  currency: Currency;
  hydrated: boolean;
}

export function DeliveryOptions({ product, currency, hydrated }: DeliveryOptionsProps) {
  const navigation = useNavigation();
  const options = deliveryOptionViews(product, currency);
  // One option is no choice: the line's postage already says what it costs.
  if (options.length < 2) return null;
  const saving =
    navigation.formData?.get("intent") === "delivery" && navigation.formData.get("lineId") === product.id;
  const id = (type: string) => `deliveryOptionType-${type}-${product.id}`;
  return (
    <Form method="post" action="/basket" className="delivery-options" preventScrollReset>
      <input type="hidden" name="intent" value="delivery" />
      <input type="hidden" name="lineId" value={product.id} />
      <fieldset aria-busy={saving || undefined}>
        <legend>How would you like to get it?</legend>
        {options.map((option) => (
          <div className="field field--check" key={option.type}>
            <input
              id={id(option.type)}
              type="radio"
              name="deliveryOptionType"
              value={option.type}
              defaultChecked={option.chosen}
              onChange={(event) => hydrated && event.currentTarget.form?.requestSubmit()}
            />
            <label htmlFor={id(option.type)}>{option.label}</label>
          </div>
        ))}
      </fieldset>
      {!hydrated && (
        <button type="submit" className="button button--secondary">
          Save delivery choice
        </button>
      )}
    </Form>
  );
}
