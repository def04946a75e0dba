/**
 * /basket: the basket cookie's basket, priced by the API's checkout data (full prices: admin
 * fees and postage included), with quantity, remove, gift options, the deposit option and the
 * delivery choice per line, and the order summary. Every control is a form that works without JavaScript; with
 * it, quantity and remove show at once and roll back if the basket refuses (basket-view.ts).
 */
import { BRANDS } from "@deals/domain/brand";
import { DELIVERY_OPTION_TYPES, type DeliveryOptionType } from "@deals/domain/delivery";
import { GIFT_TYPES, type GiftType } from "@deals/domain/gifting";
import { formatMoney } from "@deals/domain/money";
import { validateGiftMessage, validateRecipientEmail } from "@deals/domain/validation";
import { useEffect, useState } from "react";
import { data, Form, useFetcher, useFetchers, useNavigation } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { BasketLine } from "../../components/commerce/BasketLine.tsx";
import { DeliveryOptions } from "../../components/commerce/DeliveryOptions.tsx";
import { GiftOptions } from "../../components/commerce/GiftOptions.tsx";
import { OrderSummary } from "../../components/commerce/OrderSummary.tsx";
import { RemovedItems } from "../../components/commerce/RemovedItems.tsx";
import { Toasts } from "../../components/commerce/Toasts.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { pushAnalytics } from "../../lib/analytics.ts";
import { ApiError } from "../../lib/api.ts";
import { type BasketNotice, basketClient, basketToken, takeBasketNotice } from "../../lib/basket.server.ts";
import type { Basket, CheckoutData } from "../../lib/basket-api.ts";
import {
  applyBasketChange,
  type BasketLineChange,
  basketLinesOf,
  basketUnits,
  changeFromForm,
  optimisticLines,
} from "../../lib/basket-view.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { cookieHeaders, type FieldErrors, fieldErrors, formText } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { hasDelivery } from "../../lib/order-summary.ts";
import type { Route } from "./+types/basket";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const token = basketToken(request);
  const { notice, clear } = takeBasketNotice(request);
  let checkout: CheckoutData | null = null;
  if (token) {
    try {
      checkout = (await basketClient(context, brand, request).checkout(token)).data;
    } catch (error) {
      // A basket that can no longer be used shows as empty; checkout starts a new one.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
  }
  const headers = cookieHeaders(clear);
  headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return data(
    { head: accountHead(request, brand, "Your basket"), brandId: brand.id, checkout, notice },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** What a basket change answers: the toasts and events to show and fire, or what went wrong. */
interface BasketActionResult {
  lineId?: string;
  intent?: string;
  toasts?: string[];
  events?: Basket["events"];
  error?: string;
  errors?: FieldErrors;
}

const giftTypeOf = (value: string): GiftType | undefined => GIFT_TYPES.find((type) => type === value);
const deliveryOptionOf = (value: string): DeliveryOptionType | undefined =>
  DELIVERY_OPTION_TYPES.find((type) => type === value);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const lineId = formText(form, "lineId");
  const token = basketToken(request);
  const failed = (error: string, status: number, errors?: FieldErrors) =>
    data<BasketActionResult>({ lineId, intent, error, ...(errors ? { errors } : {}) }, { status });
  if (!token) return failed("Your basket has expired. Please add the deal again.", 400);

  const client = basketClient(context, requestBrand(request), request);
  try {
    let answer: { data: Basket };
    switch (intent) {
      case "quantity":
        answer = await client.changeLine(token, lineId, { quantity: Number(formText(form, "quantity")) });
        break;
      case "remove":
        answer = await client.removeLine(token, lineId);
        break;
      case "deposit":
        answer = await client.changeLine(token, lineId, { payDeposit: form.get("payDeposit") === "on" });
        break;
      case "delivery": {
        const deliveryOptionType = deliveryOptionOf(formText(form, "deliveryOptionType"));
        if (!deliveryOptionType) return failed("Choose how you would like to get it.", 400);
        answer = await client.changeLine(token, lineId, { deliveryOptionType });
        break;
      }
      case "gift": {
        const type = giftTypeOf(formText(form, "giftType")) ?? "none";
        const recipientEmail = formText(form, "recipientEmail");
        const message = formText(form, "giftMessage");
        const errors = fieldErrors({
          recipientEmail: validateRecipientEmail(recipientEmail, type),
          giftMessage: validateGiftMessage(message),
        });
        if (errors) return failed("Please check the gift options.", 400, errors);
        answer = await client.changeLine(token, lineId, {
          gifting: {
            type,
            ...(type === "e-gift" ? { recipientEmail } : {}),
            ...(message ? { message } : {}),
          },
        });
        break;
      }
      default:
        return failed("This change is not possible.", 400);
    }
    return {
      lineId,
      intent,
      toasts: answer.data.toasts,
      events: answer.data.events,
    } satisfies BasketActionResult;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return failed(error.message, error.status);
    throw error;
  }
}

/** The quantity and remove changes still on their way, in the order they were sent. */
function usePendingChanges(): BasketLineChange[] {
  return useFetchers()
    .filter((fetcher) => fetcher.state !== "idle")
    .map((fetcher) => changeFromForm(fetcher.formData))
    .filter((change): change is BasketLineChange => change !== null);
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export default function BasketPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, notice, brandId } = loaderData;
  const currency = BRANDS[brandId].currency;
  const hydrated = useHydrated();
  const removal = useFetcher<BasketActionResult>({ key: "basket-remove" });
  const pending = usePendingChanges();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = actionData as BasketActionResult | undefined;
  const removed = removal.state === "idle" ? removal.data : undefined;

  // product.md §4 "Basket": removing a line fires cart_remove_item.
  useEffect(() => {
    const events = removed?.events ?? [];
    if (events.length > 0)
      pushAnalytics(
        window,
        events.map(({ name, ...detail }) => ({ event: name, ...detail })),
      );
  }, [removed]);

  if (!checkout || (checkout.deals.length === 0 && checkout.addons.length === 0)) {
    return (
      <section className="basket-page" aria-labelledby="basket-title">
        <h1 id="basket-title">Your basket</h1>
        {notice && <Notice notice={notice} />}
        <p>Your basket is empty.</p>
        <p>
          <Link to="/">See today's deals</Link>
        </p>
      </section>
    );
  }

  const shown = optimisticLines(basketLinesOf(checkout), pending);
  const shownQuantity = new Map(shown.map((line) => [line.id, line.quantity]));
  const countAfter = (change: BasketLineChange) => basketUnits(applyBasketChange(shown, change));
  const remove = (form: HTMLFormElement) => {
    const formData = new FormData(form);
    const lineId = String(formData.get("lineId"));
    formData.set("basketCount", String(countAfter({ kind: "remove", lineId })));
    removal.submit(formData, { method: "post", action: "/basket" });
    // The line goes at once: keep the keyboard user's place at the top of the basket.
    document.getElementById("basket-title")?.focus();
  };

  return (
    <section className="basket-page" aria-labelledby="basket-title">
      <h1 id="basket-title" tabIndex={-1}>
        Your basket
      </h1>
      <Toasts toasts={result?.toasts ?? []} />
      {notice && <Notice notice={notice} />}
      {removed?.error && <FormAlert message={removed.error} />}
      {result?.error && !result.errors && <FormAlert message={result.error} />}
      <RemovedItems items={checkout.removedItems} />
      <div className="basket-page__layout">
        <ul className="basket-lines">
          {checkout.deals.flatMap((deal) =>
            deal.products
              .filter((product) => shownQuantity.has(product.id))
              .map((product) => (
                <BasketLine
                  key={product.id}
                  deal={deal}
                  product={product}
                  currency={currency}
                  quantity={shownQuantity.get(product.id) ?? product.quantity}
                  pending={pending.some((change) => change.lineId === product.id)}
                  hydrated={hydrated}
                  countAfter={countAfter}
                  onRemove={remove}
                >
                  <DeliveryOptions
                    key={`${product.id}:${product.deliveryOptionType}`}
                    product={product}
                    currency={currency}
                    hydrated={hydrated}
                  />
                  {product.hasDeposit && (
                    <Form method="post" action="/basket" className="basket-line__deposit" preventScrollReset>
                      <input type="hidden" name="intent" value="deposit" />
                      <input type="hidden" name="lineId" value={product.id} />
                      <div className="field field--check">
                        <input
                          id={`payDeposit-${product.id}`}
                          name="payDeposit"
                          type="checkbox"
                          defaultChecked={product.payDeposit}
                          onChange={(event) => hydrated && event.currentTarget.form?.requestSubmit()}
                        />
                        <label htmlFor={`payDeposit-${product.id}`}>Pay deposit now</label>
                      </div>
                      {!hydrated && (
                        <button type="submit" className="button button--secondary" disabled={busy}>
                          Save
                        </button>
                      )}
                    </Form>
                  )}
                  {product.canBeGifted && (
                    <GiftOptions
                      key={`${product.giftType}:${product.giftMessage ?? ""}:${product.recipientEmail ?? ""}`}
                      product={product}
                      checkout={checkout}
                      currency={currency}
                      errors={result?.lineId === product.id ? result.errors : undefined}
                      hydrated={hydrated}
                    />
                  )}
                </BasketLine>
              )),
          )}
          {checkout.giftExtras
            .filter((extra) => shownQuantity.has(extra.id))
            .map((extra) => (
              <li key={extra.id} className="basket-line basket-line--extra">
                <p>
                  {extra.name} × {shownQuantity.get(extra.id)}: {formatMoney(extra.total, currency)}
                </p>
              </li>
            ))}
          {checkout.addons.map((addon) => (
            <li key={addon.addonType} className="basket-line basket-line--extra">
              <p>
                {addon.name}: {formatMoney(addon.total, currency)}
              </p>
            </li>
          ))}
        </ul>
        <aside className="basket-page__summary" aria-label="Your order">
          <OrderSummary
            summary={checkout.orderSummary}
            delivered={hasDelivery(checkout)}
            updating={pending.length > 0 || navigation.state !== "idle"}
          />
          <Link className="button" to={`/checkout/${checkout.basketToken}`}>
            Go to checkout
          </Link>
        </aside>
      </div>
    </section>
  );
}

function Notice({ notice }: { notice: BasketNotice }) {
  if (notice.kind === "refused") return <FormAlert message={notice.text} />;
  return <FormStatus message={notice.text} />;
}
