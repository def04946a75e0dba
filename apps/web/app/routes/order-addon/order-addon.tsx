/**
 * /order-addon?order={reference} (product.md §2 "second-checkout benefits and deals upsell"):
 * after an order, deals that go with it, each added in one click and paid with the stored card
 * or PayPal account that paid the order (each button carries its own idempotency key, so a
 * double click buys once); when that one cannot pay again, the page says why and the deal goes
 * to the basket, once, for checkout.
 */
import type { OrderAddonOffers, OrderAddonResult } from "@deals/api/modules/order-addon/schemas";
import { formatMoney } from "@deals/domain/money";
import { data, Form, redirect, useNavigation } from "react-router";
import { FormAlert } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, requireProfile, withLogin } from "../../lib/auth.server.ts";
import { shopperCaller } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { checkoutPath, confirmationPath, newIdempotencyKey } from "../../lib/checkout.server.ts";
import { type FormResult, formText, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { notFound, orNotFound } from "../../lib/not-found.ts";
import type { Route } from "./+types/order-addon";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const order = new URL(request.url).searchParams.get("order")?.trim();
  if (!order) throw notFound();
  await requireProfile(accountsClient(context, brand, request), request);
  const call = shopperCaller(context.apiFetch, brand, request);
  const { data: offers } = await orNotFound(
    withLogin(request, () =>
      call<OrderAddonOffers>("GET", `/v1/order-addon?${new URLSearchParams({ order })}`),
    ),
  );
  return data(
    {
      head: accountHead(request, brand, "Add to your order"),
      offers,
      keys: Object.fromEntries(offers.deals.map((d) => [d.id, newIdempotencyKey()])),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const brand = requestBrand(request);
  const form = await request.formData();
  const values = {
    order: formText(form, "order"),
    dealId: formText(form, "dealId"),
    productId: formText(form, "productId"),
    idempotencyKey: formText(form, "idempotencyKey") || newIdempotencyKey(),
  };
  const call = shopperCaller(context.apiFetch, brand, request);
  try {
    const { data: result } = await withLogin(request, () =>
      call<OrderAddonResult>(
        "POST",
        "/v1/order-addon",
        { order: values.order, dealId: Number(values.dealId), productId: Number(values.productId) },
        { "idempotency-key": values.idempotencyKey },
      ),
    );
    return redirect(
      result.status === "paid"
        ? confirmationPath(result.confirmation.productOrder.reference)
        : checkoutPath(result.basketToken),
    );
  } catch (error) {
    return refused(error, values);
  }
}

/** "Visa ending 1111" or the PayPal account. */
function instrumentName(instrument: NonNullable<OrderAddonOffers["instrument"]>): string {
  if (instrument.type === "paypal") return `PayPal (${instrument.payerEmail ?? "your account"})`;
  return `${instrument.cardType ?? "Card"} ending ${instrument.last4 ?? ""}`.trim();
}

export default function OrderAddon({ loaderData, actionData }: Route.ComponentProps) {
  const { offers, keys } = loaderData;
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const instrument = offers.instrument;
  return (
    <section className="order-addon" aria-labelledby="order-addon-title">
      <h1 id="order-addon-title">Add to your order</h1>
      <p>
        Your order <strong>{offers.order.reference}</strong> is confirmed.{" "}
        {instrument
          ? `These deals go with it: add one in a click, paid with your ${instrumentName(instrument)}.`
          : "These deals go with it."}
      </p>
      {offers.instrumentUnavailable && <p>{offers.instrumentUnavailable}</p>}
      {result?.formError && <FormAlert message={result.formError.message} />}
      {offers.deals.length === 0 ? (
        <p>
          No deals to add right now. <Link to="/">See today's deals</Link>
        </p>
      ) : (
        <ul className="buy-again__list">
          {offers.deals.map((deal) => {
            const price = formatMoney(deal.fullPrice, deal.currency);
            return (
              <li key={deal.id} aria-labelledby={`addon-${deal.id}`}>
                <h2 id={`addon-${deal.id}`}>
                  <Link to={deal.urlPath}>{deal.headline}</Link>
                </h2>
                <p>
                  {deal.business.displayName}: <strong>{price}</strong>
                </p>
                <Form method="post">
                  <input type="hidden" name="order" value={offers.order.reference} />
                  <input type="hidden" name="dealId" value={deal.id} />
                  <input type="hidden" name="productId" value={deal.productId} />
                  <input type="hidden" name="idempotencyKey" value={keys[deal.id]} />
                  <button
                    type="submit"
                    className="button button--primary"
                    disabled={busy}
                    aria-describedby={`addon-${deal.id}`}
                  >
                    {instrument ? `Add to my order for ${price}` : "Add and pay at checkout"}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to="/myaccount/vouchers">No thanks, see my vouchers</Link>
      </p>
    </section>
  );
}
