/**
 * One item in the basket: what it is, its full price spelt out, how many (a select up to the
 * most the shopper may buy: maxQuantity in the rules package), and remove. Both controls are
 * forms that post without JavaScript; with it, the page sends them in the background and shows
 * the change at once (basket-view.ts).
 */
import type { Currency } from "@deals/domain/brand";
import type { FormEvent, ReactNode } from "react";
import { Form, useFetcher } from "react-router";
import type { CheckoutData, CheckoutProduct } from "../../lib/basket-api.ts";
import type { BasketLineChange } from "../../lib/basket-view.ts";
import { linePriceView } from "../../lib/order-summary.ts";

type CheckoutDeal = CheckoutData["deals"][number];

interface BasketLineProps {
  deal: CheckoutDeal;
  product: CheckoutProduct;
  currency: Currency;
  /** The quantity to show: the confirmed one, or the one on its way. */
  quantity: number;
  pending: boolean;
  hydrated: boolean;
  /** The header's count once `change` is made. */
  countAfter: (change: BasketLineChange) => number;
  /** Sends the remove form in the background (the page shows its answer). */
  onRemove: (form: HTMLFormElement) => void;
  children?: ReactNode;
}

/** What the basket page's action answers a line change. */
export interface LineChangeResult {
  lineId?: string;
  error?: string;
}

export function BasketLine(props: BasketLineProps) {
  const { deal, product, currency, quantity, pending, hydrated, countAfter, onRemove, children } = props;
  const fetcher = useFetcher<LineChangeResult>({ key: `basket-quantity-${product.id}` });
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const price = linePriceView(product, currency);
  const id = (name: string) => `${name}-${product.id}`;
  const max = product.maxQuantity;
  const choices = Array.from({ length: Math.max(max ?? 0, quantity) }, (_, index) => index + 1);

  const sendQuantity = (form: HTMLFormElement | null, value: string) => {
    if (!form) return;
    const change: BasketLineChange = { kind: "quantity", lineId: product.id, quantity: Number(value) };
    const formData = new FormData(form);
    formData.set("quantity", value);
    // The header shows this count until the basket answers (HeaderBasket).
    formData.set("basketCount", String(countAfter(change)));
    fetcher.submit(formData, { method: "post", action: "/basket" });
  };
  const sendRemove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onRemove(event.currentTarget);
  };

  return (
    <li className="basket-line" aria-busy={pending || undefined}>
      {deal.image && (
        <img className="basket-line__image" src={deal.image.url} alt="" width="120" height="90" />
      )}
      <div className="basket-line__body">
        <h2 className="basket-line__title">{deal.headline}</h2>
        <p>{product.title}</p>
        <p className="basket-line__price">
          Each: {price.eachParts.length > 1 && `${price.eachParts.join(" + ")} = `}
          <strong>{price.each}</strong>
          {product.vipPriceApplied && <span className="badge badge--vip">VIP price</span>}
        </p>
        {price.postage && <p>Postage: {price.postage}</p>}
        {product.payDeposit && product.balanceToMerchant > 0 && (
          <p>Deposit now; the rest is paid to the merchant.</p>
        )}
        {price.discount && <p>Promo discount: {price.discount}</p>}
        <p className="basket-line__total">
          Total for this item: <strong>{pending ? "updating…" : price.total}</strong>
        </p>
        <div className="basket-line__controls">
          <Form method="post" action="/basket" className="basket-line__quantity" preventScrollReset>
            <input type="hidden" name="intent" value="quantity" />
            <input type="hidden" name="lineId" value={product.id} />
            <label htmlFor={id("quantity")}>Quantity</label>
            {max === null ? (
              <input
                id={id("quantity")}
                name="quantity"
                type="number"
                min={1}
                inputMode="numeric"
                defaultValue={quantity}
                onBlur={(event) =>
                  hydrated && sendQuantity(event.currentTarget.form, event.currentTarget.value)
                }
              />
            ) : (
              <select
                id={id("quantity")}
                name="quantity"
                value={quantity}
                aria-describedby={id("quantity-limit")}
                onChange={(event) => sendQuantity(event.currentTarget.form, event.currentTarget.value)}
              >
                {choices.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
            {max !== null && (
              <span id={id("quantity-limit")} className="basket-line__limit">
                Limit: {max} per order
              </span>
            )}
            {!hydrated && (
              <button type="submit" className="button button--secondary">
                Update
              </button>
            )}
          </Form>
          <Form
            method="post"
            action="/basket"
            onSubmit={hydrated ? sendRemove : undefined}
            preventScrollReset
          >
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="lineId" value={product.id} />
            <button type="submit" className="button button--secondary">
              Remove<span className="visually-hidden"> {product.title}</span>
            </button>
          </Form>
        </div>
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        {children}
      </div>
    </li>
  );
}
