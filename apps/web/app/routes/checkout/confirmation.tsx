/**
 * /order-confirmation/{order reference}: the order as paid (product.md §3 "Order confirmation":
 * productOrder id, currency, card type, wallet used, quantity), its full price and the vouchers
 * issued. The payment state reads as the spec names it: making payment, successful, failed.
 * A signed-in customer sees their own orders; a guest sees the order they just placed (found
 * by the cookie the express checkout set) and how to activate the account later (§6).
 */
import { BRANDS } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { formatMoney } from "@deals/domain/money";
import { depositOrderNote } from "@deals/domain/voucher";
import { data, redirect } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { OrderSummary } from "../../components/commerce/OrderSummary.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { ApiError } from "../../lib/api.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import type { OrderConfirmation as Order } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { confirmationPath, guestOrderRef } from "../../lib/checkout.server.ts";
import { headTags } from "../../lib/head.ts";
import { notFound, orNotFound } from "../../lib/not-found.ts";
import { orderAddonPath } from "../../lib/order-addon.ts";
import type { Route } from "./+types/confirmation";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

/** An order reference (16 letters and digits), as every confirmation link now carries. */
const REFERENCE = /^[0-9A-Fa-f]{16}$/;
/** An order's row id, as links made before references carried (kept working). */
const OLD_ORDER_ID = /^[1-9]\d{0,9}$/;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const wanted = params.orderRef;
  const byReference = REFERENCE.test(wanted);
  if (!byReference && !OLD_ORDER_ID.test(wanted)) throw notFound();
  const client = basketClient(context, brand, request);
  let order: Order | undefined;
  let guestEmail: string | null = null;
  const guest = guestOrderRef(request, wanted);
  if (guest) {
    try {
      const { data: guestOrder } = await client.guestOrder(guest.basketToken, guest.idempotencyKey);
      order = guestOrder;
      guestEmail = guestOrder.email;
    } catch (error) {
      // Activated since (or not a guest's): the order is shown to its account, signed in.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
  }
  order ??= (
    await orNotFound(
      withLogin(request, () =>
        byReference ? client.orderByReference(wanted) : client.order(Number(wanted)),
      ),
    )
  ).data;
  // An old link by row id: the same page at its reference.
  if (!byReference) throw redirect(confirmationPath(order.productOrder.reference));
  return data(
    {
      head: accountHead(request, brand, `Order ${order.productOrder.reference}`),
      brandId: brand.id,
      order,
      guestEmail,
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

const TITLES = {
  successful: "Thank you for your order",
  "making payment": "Making payment",
  failed: "Payment failed",
} as const;

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order, brandId, guestEmail } = loaderData;
  const locale = BRANDS[brandId].locale;
  const money = (minor: number) => formatMoney(minor, order.currency);
  const date = (iso: string) => longDate(iso, locale);
  return (
    <section className="confirmation" aria-labelledby="confirmation-title" data-payment-state={order.payment}>
      <h1 id="confirmation-title">{TITLES[order.payment]}</h1>
      {order.payment === "failed" ? (
        <FormAlert message={order.message} />
      ) : (
        <FormStatus message={order.message} />
      )}
      {order.payment === "making payment" && (
        <p>
          We are waiting for your payment provider. <Link to=".">Check again</Link>
        </p>
      )}
      <dl className="confirmation__facts">
        <dt>Order reference</dt>
        <dd data-order-id={order.productOrder.reference}>{order.productOrder.reference}</dd>
        <dt>Paid with</dt>
        <dd>{order.cardType ?? (order.walletAmountUsed > 0 ? "Wallet credit" : "—")}</dd>
        <dt>Wallet credit used</dt>
        <dd>{money(order.walletAmountUsed)}</dd>
        <dt>Quantity</dt>
        <dd>{order.quantity}</dd>
        <dt>Ordered on</dt>
        <dd>{date(order.createdAt)}</dd>
      </dl>
      <section aria-labelledby="confirmation-items">
        <h2 id="confirmation-items">What you bought</h2>
        <ul className="checkout-items">
          {order.lines.map((line) => (
            <li key={`${line.title}:${line.productId}`}>
              <p>
                {line.title} × {line.quantity}: <strong>{money(line.total)}</strong>
              </p>
              {line.balanceToMerchant > 0 && (
                <p className="deposit-note">{depositOrderNote(money(line.balanceToMerchant))}</p>
              )}
            </li>
          ))}
        </ul>
      </section>
      <OrderSummary summary={order.orderSummary} />
      {order.payment === "successful" && (
        <p className="confirmation__addon">
          {guestEmail ? (
            <Link
              to={`/order-addon/signin-page?${new URLSearchParams({ order: order.productOrder.reference })}`}
            >
              Sign in to add more deals to your order
            </Link>
          ) : (
            <Link to={orderAddonPath(order.productOrder.reference)}>Add more deals to your order</Link>
          )}
        </p>
      )}
      {guestEmail && order.payment !== "failed" && (
        <section className="confirmation__activate" aria-labelledby="confirmation-activate">
          <h2 id="confirmation-activate">Activate your account</h2>
          <p>
            Your order and vouchers are on their way to <strong>{guestEmail}</strong>. We have emailed you a
            link to activate your account: once it is active, sign in to see your vouchers and orders at any
            time.
          </p>
          <p>
            <Link to="/activate">No email? Get a new activation link</Link>
          </p>
        </section>
      )}
      {order.vouchers.length > 0 && (
        <section aria-labelledby="confirmation-vouchers">
          <h2 id="confirmation-vouchers">Your vouchers</h2>
          <ul className="vouchers">
            {order.vouchers.map((voucher) => (
              <li key={voucher.code} className="voucher">
                <h3 className="voucher__title">{voucher.title}</h3>
                <p>
                  Code: <code className="voucher__code">{voucher.code}</code>
                </p>
                <p>
                  Status: <strong>{voucher.status}</strong>
                </p>
                <p>Use by {date(voucher.expiresAt)}</p>
              </li>
            ))}
          </ul>
          {!guestEmail && (
            <p>
              <Link to="/myaccount/vouchers">See all my vouchers</Link>
            </p>
          )}
        </section>
      )}
      <p>
        <Link to="/">Back to today's deals</Link>
      </p>
    </section>
  );
}
