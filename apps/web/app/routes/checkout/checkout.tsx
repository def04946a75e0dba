/**
 * /checkout/{basketToken} (product.md §2 "checkout (basket token as path parameter)"): the
 * order summary with the full price, then paying. A guest pays at the express checkout with
 * the methods allowed for the order (product.md §6) under their email address, or signs in or
 * registers right here; a new account pays at once and is activated later. A signed-in
 * shopper can apply a promo code, use wallet credit, add the one-year VIP membership (never
 * pre-ticked), give the billing address and passengers, and pay. A load without a token fails
 * with "No token provided"; a basket the API can no longer use starts a new one.
 */
import { BRANDS, type CountryCode } from "@deals/domain/brand";
import { CHECKOUT_QUERY_DEFAULTS, VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import { COOKIES } from "@deals/domain/cookies";
import { DELIVERY_OPTION_NAMES } from "@deals/domain/delivery";
import { formatMoney } from "@deals/domain/money";
import { GUESTS_PER_ROOM } from "@deals/domain/travel-stay";
import { walletForCurrency } from "@deals/domain/wallet";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { data, Form, isRouteErrorResponse, useNavigation, useSubmit } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { EmailField } from "../../components/account/EmailField.tsx";
import { GoogleSignIn } from "../../components/account/GoogleSignIn.tsx";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { NameFields } from "../../components/account/PersonalFields.tsx";
import { SignInFields } from "../../components/account/SignInFields.tsx";
import { ErrorSummary, type ErrorSummaryItem } from "../../components/commerce/ErrorSummary.tsx";
import { HoldTimer } from "../../components/commerce/HoldTimer.tsx";
import { OrderSummary } from "../../components/commerce/OrderSummary.tsx";
import { PayForm } from "../../components/commerce/PayForm.tsx";
import {
  EXPRESS_METHODS,
  PAYMENT_METHOD_NAMES,
  RefusedPaymentMethods,
} from "../../components/commerce/PaymentMethods.tsx";
import { RemovedItems } from "../../components/commerce/RemovedItems.tsx";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { pushAnalytics } from "../../lib/analytics.ts";
import { ApiError } from "../../lib/api.ts";
import { accountsClient, withLogin } from "../../lib/auth.server.ts";
import type { CheckoutData } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import {
  applyPromo,
  changePassengers,
  loadCheckout,
  lookUpAddress,
  newIdempotencyKey,
  pay,
  payExpress,
  register,
  removePromo,
  setVip,
  setVoucherProtection,
  signIn,
} from "../../lib/checkout.server.ts";
import { takeDraft } from "../../lib/checkout-draft.server.ts";
import { DRAFT_PREFIX, type PayDraft, payDraft } from "../../lib/checkout-draft.ts";
import { type CheckoutResult, fieldLabel } from "../../lib/checkout-form.ts";
import { setCookie } from "../../lib/cookies.server.ts";
import { formText } from "../../lib/forms.ts";
import { googleSignInOffered } from "../../lib/google-sign-in.server.ts";
import { headTags } from "../../lib/head.ts";
import { hasDelivery, linePriceView } from "../../lib/order-summary.ts";
import type { Route } from "./+types/checkout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const wallet = url.searchParams.has("wallet")
    ? url.searchParams.get("wallet") === "true"
    : CHECKOUT_QUERY_DEFAULTS.wallet;
  let checkout: CheckoutData;
  try {
    checkout = await loadCheckout(context, brand, request, params.basketToken, {
      wallet,
      timerElapsed: url.searchParams.get("timerElapsed") === "true",
    });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      throw data({ message: error.message }, { status: error.status });
    }
    throw error;
  }
  const headers = new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL });
  // What the guest typed before signing in here, shown once in the signed-in pay form.
  const carried = takeDraft(request);
  if (carried) headers.append("Set-Cookie", carried.clear);
  let savedAddress = null;
  if (checkout.userInfo.authenticated) {
    const client = accountsClient(context, brand, request);
    savedAddress = (await withLogin(request, () => client.profile())).data.address;
  } else {
    // Signing in or activating a new account elsewhere still comes back here (auth.server.ts).
    headers.append("Set-Cookie", setCookie(request, COOKIES.postLoginUrl, url.pathname));
  }
  return data(
    {
      head: accountHead(request, brand, "Checkout"),
      brandId: brand.id,
      brandName: brand.name,
      google: googleSignInOffered(),
      checkout,
      savedAddress,
      draft: carried?.draft ?? null,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, params, context }: Route.ActionArgs) {
  const brand = requestBrand(request);
  const form = await request.formData();
  const token = params.basketToken;
  if (!token) throw data({ message: "No token provided" }, { status: 400 });
  const input = { context, brand, request, form, token };
  switch (formText(form, "intent")) {
    case "login":
      return signIn(input);
    case "register":
      return register(input);
    case "promo":
      return applyPromo(input);
    case "promo-remove":
      return removePromo(input);
    case "vip":
      return setVip(input);
    case "protection":
      return setVoucherProtection(input);
    case "lookup":
      return lookUpAddress(input, "lookup");
    case "choose":
      return lookUpAddress(input, "choose");
    case "passengers":
      return changePassengers(input);
    case "express":
      return payExpress(input, new Date());
    default:
      return pay(input, new Date());
  }
}

/** The answers that redraw the pay form. */
const PAY_FORM_INTENTS = ["pay", "express", "lookup", "choose", "passengers"];

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Every message of the last answer, each linked to (and named after) its field. */
function summaryItems(result: CheckoutResult | undefined, country: CountryCode): ErrorSummaryItem[] {
  if (!result) return [];
  const items: ErrorSummaryItem[] = Object.entries(result.errors ?? {})
    .filter(([field, message]) => message && !field.endsWith("Hint"))
    .map(([field, message]) => {
      const label = fieldLabel(field, country);
      return { field, message: label ? `${label}: ${message}` : (message as string) };
    });
  if (result.formError) items.unshift({ message: result.formError.message });
  return items;
}

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout, brandId, savedAddress } = loaderData;
  const brand = BRANDS[brandId];
  const result = actionData as CheckoutResult | undefined;
  const hydrated = useHydrated();
  const reloading = useNavigation().state !== "idle";
  const signedIn = checkout.userInfo.authenticated;
  const idempotencyKey = result?.idempotencyKey ?? loaderData.idempotencyKey;
  const problems = summaryItems(result, brand.countryCode);
  const payFormResult = result && PAY_FORM_INTENTS.includes(result.intent) ? result : undefined;
  // Without a pay-form answer, the form starts from what was typed before signing in.
  const draft = payFormResult ? undefined : (result?.draft ?? loaderData.draft ?? undefined);
  const payForm = (address: typeof savedAddress, guest = false) => (
    <PayForm
      checkout={checkout}
      country={brand.countryCode}
      savedAddress={address}
      result={payFormResult}
      draft={draft}
      idempotencyKey={idempotencyKey}
      hydrated={hydrated}
      guest={guest}
    />
  );

  return (
    <div className="checkout" data-checkout-status={checkout.status}>
      <h1>Checkout</h1>
      {result?.paymentFailed ? (
        <div className="payment-state payment-state--failed">
          <ErrorSummary title="Payment failed" items={problems} />
          <p>Your basket is kept: check your details and try again, or choose another way to pay.</p>
        </div>
      ) : (
        <ErrorSummary items={problems} />
      )}
      {checkout.problems.map((problem) => (
        <FormAlert key={problem} message={problem} />
      ))}
      <RemovedItems items={checkout.removedItems} />
      {checkout.countdown?.hold && <HoldTimer closesAt={checkout.countdown.closesAt} hydrated={hydrated} />}
      <div className="checkout__layout">
        <div className="checkout__main">
          {signedIn ? (
            <>
              <PromoCode checkout={checkout} result={result} />
              <WalletCredit checkout={checkout} hydrated={hydrated} />
              <VipUpsell checkout={checkout} hydrated={hydrated} />
              <ProtectionOffer checkout={checkout} hydrated={hydrated} />
              {payForm(savedAddress)}
            </>
          ) : (
            <GuestCheckout
              checkout={checkout}
              result={result}
              shown={payDraft(Object.entries(payFormResult?.values ?? draft ?? {}))}
              hydrated={hydrated}
              payForm={payForm(null, true)}
              googleSignIn={
                <GoogleSignIn
                  offered={loaderData.google}
                  label="Sign in with Google"
                  brandName={loaderData.brandName}
                />
              }
            />
          )}
        </div>
        <aside className="checkout__summary" aria-label="Your order">
          <CheckoutItems checkout={checkout} />
          <OrderSummary
            summary={checkout.orderSummary}
            updating={reloading}
            delivered={hasDelivery(checkout)}
          />
          <p>
            <Link to="/basket">Change your basket</Link>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** The line's chosen way to get it, where the shopper had a choice. */
function deliveryOptionName(type: string | null): string {
  return DELIVERY_OPTION_NAMES[type === "delivery" ? "delivery" : "collection"];
}

const STAY_DATE = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const stayDate = (date: string) => STAY_DATE.format(new Date(`${date}T00:00:00Z`));

function CheckoutItems({ checkout }: { checkout: CheckoutData }) {
  const currency = checkout.orderSummary.currency;
  return (
    <section aria-labelledby="checkout-items">
      <h2 id="checkout-items">Your items</h2>
      <ul className="checkout-items">
        {checkout.deals.flatMap((deal) =>
          deal.products.map((product) => {
            const price = linePriceView(product, currency);
            return (
              <li key={product.id}>
                <p className="checkout-items__title">{deal.headline}</p>
                <p>
                  {product.title} × {product.quantity}
                </p>
                {product.checkInDate && product.checkOutDate && (
                  <p>
                    Check-in {stayDate(product.checkInDate)}, check-out {stayDate(product.checkOutDate)},{" "}
                    {product.quantity * GUESTS_PER_ROOM} guests
                  </p>
                )}
                {product.productDeliveryOptions.length > 1 && (
                  <p>{deliveryOptionName(product.deliveryOptionType)}</p>
                )}
                <p>
                  Each {price.eachParts.length > 1 ? `${price.eachParts.join(" + ")} = ` : ""}
                  {price.each}
                  {price.postage && `, postage ${price.postage}`}
                </p>
                <p>
                  Total <strong>{price.total}</strong>
                </p>
              </li>
            );
          }),
        )}
        {checkout.giftExtras.map((extra) => (
          <li key={extra.id}>
            <p>
              {extra.name} × {extra.quantity}: {formatMoney(extra.total, currency)}
            </p>
          </li>
        ))}
        {checkout.addons.map((addon) => (
          <li key={addon.addonType}>
            <p>
              {addon.name}: {formatMoney(addon.total, currency)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const EXPRESS_LIST = new Intl.ListFormat("en-GB", { type: "disjunction" });

/**
 * The sign-in and register forms carry what the guest typed in the pay form (never the card:
 * checkout-draft.ts). Without JavaScript, what the pay form last showed travels as hidden
 * fields; with it, the pay form's fields are read as the form is sent.
 */
function useCarryPayDraft(shown: PayDraft, hydrated: boolean) {
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const pay = event.currentTarget.ownerDocument.querySelector<HTMLFormElement>("form.pay-form");
    if (!pay) return;
    event.preventDefault();
    const body = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    for (const [name, value] of Object.entries(payDraft(new FormData(pay))))
      body.set(DRAFT_PREFIX + name, value);
    submit(body, { method: "post" });
  };
  const fields = hydrated
    ? null
    : Object.entries(shown).map(([name, value]) => (
        <input key={name} type="hidden" name={DRAFT_PREFIX + name} value={value} />
      ));
  return { onSubmit, fields };
}

/**
 * Guests: the express checkout with the methods allowed for this order (product.md §6), and
 * signing in or registering here. A new account is signed in at once and pays by card or
 * PayPal; its emailed link confirms the address later.
 */
function GuestCheckout({
  checkout,
  result,
  shown,
  hydrated,
  payForm,
  googleSignIn,
}: {
  checkout: CheckoutData;
  result: CheckoutResult | undefined;
  shown: PayDraft;
  hydrated: boolean;
  payForm: ReactNode;
  googleSignIn: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const carry = useCarryPayDraft(shown, hydrated);
  const express = checkout.paymentMethods.offered.filter((o) => o.instrumentType === "NEW");
  const login = result?.intent === "login" ? result : undefined;
  const joining = result?.intent === "register" ? result : undefined;
  return (
    <>
      <section className="checkout-section" aria-labelledby="express-title">
        <h2 id="express-title">Express checkout</h2>
        {express.length > 0 ? (
          <>
            <p>
              Pay with {EXPRESS_LIST.format(express.map((option) => PAYMENT_METHOD_NAMES[option.method]))}{" "}
              without signing in.
            </p>
            {payForm}
          </>
        ) : (
          <>
            <p>No express checkout is available for this order.</p>
            <RefusedPaymentMethods refused={checkout.paymentMethods.refused} only={EXPRESS_METHODS} />
          </>
        )}
        <p>Sign in or create an account to pay by card or PayPal.</p>
      </section>
      <section className="checkout-section account-form" aria-labelledby="checkout-login-title">
        <h2 id="checkout-login-title">Sign in to pay</h2>
        <Form method="post" noValidate onSubmit={carry.onSubmit}>
          {carry.fields}
          <SignInFields values={login?.values} errors={login?.errors} />
          <button type="submit" name="intent" value="login" className="button" disabled={busy}>
            Sign in
          </button>
        </Form>
        <p>
          <Link to="/forgot-password">Forgotten your password?</Link>
        </p>
        {googleSignIn}
      </section>
      <section className="checkout-section account-form" aria-labelledby="checkout-register-title">
        <h2 id="checkout-register-title">New here? Create an account</h2>
        <Form method="post" noValidate onSubmit={carry.onSubmit}>
          {carry.fields}
          <NameFields values={joining?.values} errors={joining?.errors} />
          <EmailField
            label="Your email address"
            defaultValue={joining?.values?.email}
            error={joining?.errors?.email}
          />
          <NewPasswordFields
            name="newPassword"
            label="Choose a password"
            confirmLabel="Confirm password"
            errors={joining?.errors}
            showRule={false}
          />
          <button type="submit" name="intent" value="register" className="button" disabled={busy}>
            Create account
          </button>
        </Form>
      </section>
    </>
  );
}

/** The promo code field (a login is needed) and its classified result. */
function PromoCode({ checkout, result }: { checkout: CheckoutData; result: CheckoutResult | undefined }) {
  const fromAction = result?.intent === "promo" ? result : undefined;
  const stored = checkout.promoCode;
  const promo =
    fromAction?.promo ??
    (stored.code && stored.message
      ? {
          code: stored.code,
          message: stored.message,
          applicable: stored.applicable,
          outcome: stored.outcome ?? "",
          analyticsEvent: stored.analyticsEvent ?? "",
        }
      : undefined);

  // services.md §8 "Promo analytics events": one event per code the shopper tries.
  useEffect(() => {
    const tried = fromAction?.promo;
    if (tried)
      pushAnalytics(window, [{ event: tried.analyticsEvent, promoCode: tried.code, outcome: tried.outcome }]);
  }, [fromAction?.promo]);

  return (
    <section className="checkout-section" aria-labelledby="promo-title">
      <h2 id="promo-title">Have a promo code?</h2>
      <Form method="post" noValidate className="promo-form">
        <Field
          name="promoCode"
          label="Promo code"
          autoComplete="off"
          defaultValue={fromAction?.values?.promoCode ?? stored.code ?? ""}
          error={fromAction?.errors?.promoCode}
          required
        />
        <button type="submit" name="intent" value="promo" className="button button--secondary">
          Apply
        </button>
        {stored.applicable && (
          <button type="submit" name="intent" value="promo-remove" className="button button--secondary">
            Remove code
          </button>
        )}
      </Form>
      {promo && (
        <p
          className={
            promo.applicable ? "promo-result promo-result--applied" : "promo-result promo-result--refused"
          }
          role={promo.applicable ? "status" : "alert"}
          data-analytics-event={promo.analyticsEvent}
          data-promo-outcome={promo.outcome}
        >
          {promo.message}
        </p>
      )}
    </section>
  );
}

/** Spend wallet credit on this order (the checkout's wallet query flag). */
function WalletCredit({ checkout, hydrated }: { checkout: CheckoutData; hydrated: boolean }) {
  const submit = useSubmit();
  const currency = checkout.orderSummary.currency;
  const entry = walletForCurrency(checkout.userInfo.paymentOptions.creditBalances, currency);
  if (!entry || entry.balance <= 0) return null;
  return (
    <section className="checkout-section" aria-labelledby="wallet-title">
      <h2 id="wallet-title">Wallet credit</h2>
      <Form method="get" onChange={(event) => hydrated && submit(event.currentTarget)}>
        <div className="field field--check">
          <input
            id="wallet"
            name="wallet"
            type="checkbox"
            value="true"
            defaultChecked={checkout.queryParams.wallet}
          />
          <label htmlFor="wallet">
            Use my wallet credit ({formatMoney(entry.balance, currency)} available)
          </label>
        </div>
        {!hydrated && (
          <button type="submit" className="button button--secondary">
            Update total
          </button>
        )}
      </Form>
      {checkout.wallet.applied && (
        <p role="status">
          {formatMoney(checkout.wallet.credit, currency)} of your credit is used on this order.
        </p>
      )}
    </section>
  );
}

/** An add-on the shopper ticks to add (never pre-ticked); without JavaScript, an Update button. */
function OptIn(props: {
  name: string;
  intent: string;
  title: string;
  className: string;
  checked: boolean;
  hydrated: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`checkout-section ${props.className}`} aria-labelledby={`${props.name}-title`}>
      <h2 id={`${props.name}-title`}>{props.title}</h2>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={props.intent} />
        <div className="field field--check">
          <input
            id={props.name}
            name={props.name}
            type="checkbox"
            defaultChecked={props.checked}
            onChange={(event) => props.hydrated && event.currentTarget.form?.requestSubmit()}
          />
          <label htmlFor={props.name}>{props.children}</label>
        </div>
        {!props.hydrated && (
          <button type="submit" className="button button--secondary">
            Update
          </button>
        )}
      </Form>
    </section>
  );
}

/** The one-year VIP membership upsell: offered to non-VIP shoppers, never pre-ticked. */
function VipUpsell({ checkout, hydrated }: { checkout: CheckoutData; hydrated: boolean }) {
  if (!checkout.vipUpsell.offered) return null;
  const price = formatMoney(VIP_SUBSCRIPTION_PRICE_MINOR, checkout.orderSummary.currency);
  return (
    <OptIn
      name="vipStatus"
      intent="vip"
      title="Become a VIP"
      className="vip-upsell"
      checked={checkout.vipUpsell.checked}
      hydrated={hydrated}
    >
      Add one year of VIP membership for {price}: VIP prices, VIP-only deals and extra discounts
    </OptIn>
  );
}

/**
 * Voucher protection (the DVP add-on): an opt-in, never pre-ticked. A protected voucher can be
 * refunded from My vouchers until 7 days before it expires (product.md §4).
 */
function ProtectionOffer({ checkout, hydrated }: { checkout: CheckoutData; hydrated: boolean }) {
  if (checkout.deals.length === 0) return null;
  const price = formatMoney(checkout.voucherProtection.price, checkout.orderSummary.currency);
  return (
    <OptIn
      name="voucherProtection"
      intent="protection"
      title="Protect your vouchers"
      className="protection-offer"
      checked={checkout.voucherProtection.checked}
      hydrated={hydrated}
    >
      Add voucher protection for {price}: refund your vouchers yourself, to your wallet or your card, until 7
      days before they expire
    </OptIn>
  );
}

/** A checkout that cannot load: "No token provided", or another refusal, said plainly. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === "string"
      ? error.data.message
      : "An error occurred. Please try again later.";
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">Error {status}</p>
      <h1 id="error-title">We could not open the checkout</h1>
      <p>{message}</p>
      <p>
        <Link to="/basket">Back to your basket</Link>
      </p>
    </section>
  );
}
