/**
 * /myaccount/vouchers/{id}/refund: the self-serve refund (product.md §3 refund type
 * ON_DEMAND_REFUND, §5 "A refund reason must be selected", "user must confirm the code was not
 * redeemed with the merchant"). The shopper picks a reason and where the money goes, wallet
 * credit (instant) or the original payment method, and sees the new status and the figure at
 * once. A refused refund says why (redeemed, within 7 days of expiry...). The form carries one
 * idempotency key, so a double click or a retry refunds once.
 */
import { formatMoney } from "@deals/domain/money";
import { validateNotRedeemedConfirmation } from "@deals/domain/validation";
import { refundReasonProblem } from "@deals/domain/voucher-refund";
import { walletForCurrency } from "@deals/domain/wallet";
import { data, Form, useNavigation } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { ReasonOptions } from "../../components/account/VoucherFacts.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import type { RefundResult } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { newIdempotencyKey } from "../../lib/checkout.server.ts";
import { type FormResult, fieldErrors, formText, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { orNotFound } from "../../lib/not-found.ts";
import { voucherIdOf } from "../../lib/voucher-id.ts";
import { walletClient } from "../../lib/wallet-api.ts";
import type { Route } from "./+types/voucher-refund";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const client = basketClient(context, brand, request);
  const { data: voucher } = await orNotFound(
    withLogin(request, () => client.voucher(voucherIdOf(params.voucherId))),
  );
  return data(
    { head: accountHead(request, brand, "Refund a voucher"), voucher, idempotencyKey: newIdempotencyKey() },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

type RefundAnswer = FormResult & { refunded?: RefundResult; walletBalance?: number };

export async function action({ request, params, context }: Route.ActionArgs) {
  const brand = requestBrand(request);
  const form = await request.formData();
  const values = {
    reason: formText(form, "reason"),
    destination: formText(form, "destination"),
    idempotencyKey: formText(form, "idempotencyKey") || newIdempotencyKey(),
  };
  const confirmed = form.get("confirmed") === "on";
  const errors = fieldErrors({
    reason: refundReasonProblem(values.reason),
    destination:
      values.destination === "wallet" || values.destination === "original"
        ? undefined
        : "Choose where your refund goes",
    confirmed: validateNotRedeemedConfirmation(confirmed),
  });
  if (errors) return invalid(values, errors);
  const client = basketClient(context, brand, request);
  try {
    const { data: refunded } = await withLogin(request, () =>
      client.refund(voucherIdOf(params.voucherId), values.idempotencyKey, {
        reason: values.reason,
        destination: values.destination as "wallet" | "original",
        confirmed,
      }),
    );
    const { data: wallet } = await walletClient(context, brand, request).balances();
    const balance = walletForCurrency(wallet, refunded.refund.currency)?.balance ?? 0;
    return { refunded, walletBalance: balance, values } satisfies RefundAnswer;
  } catch (error) {
    return refused(error, values);
  }
}

const DESTINATIONS = [
  { value: "wallet", label: "Wallet credit: straight away, to spend on any deal" },
  { value: "original", label: "My original payment method: back to the card or account I paid with" },
] as const;

export default function RefundVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { voucher, idempotencyKey } = loaderData;
  const result = actionData as RefundAnswer | undefined;
  const busy = useNavigation().state === "submitting";
  const money = (minor: number) => formatMoney(minor, voucher.currency);
  const done = result?.refunded;
  return (
    <section className="account-form voucher-refund" aria-labelledby="refund-title">
      <h1 id="refund-title">Refund a voucher</h1>
      <p>
        <strong>{voucher.dealHeadline}</strong>: {voucher.title} from {voucher.merchantName}. Voucher code{" "}
        <code className="voucher__code">{voucher.code}</code>.
      </p>
      {done ? (
        <FormStatus message={`Your voucher is now ${done.voucher.status}.`}>
          <ul>
            {done.refund.originalAmount > 0 && (
              <li>{money(done.refund.originalAmount)} back to your original payment method</li>
            )}
            {(done.refund.walletAmount > 0 || done.refund.originalAmount === 0) && (
              <li>{money(done.refund.walletAmount)} to your wallet</li>
            )}
          </ul>
          <p>
            Wallet balance: <strong data-wallet-balance>{money(result.walletBalance ?? 0)}</strong>
          </p>
          <p>
            <Link to="/myaccount/wallet">See your wallet</Link>{" "}
            <Link to="/myaccount/vouchers">Back to my vouchers</Link>
          </p>
        </FormStatus>
      ) : !voucher.refund.available ? (
        <FormAlert message={voucher.refund.reason ?? "This voucher cannot be refunded."}>
          <p>
            <Link to="/myaccount/vouchers">Back to my vouchers</Link>
          </p>
        </FormAlert>
      ) : (
        <RefundForm
          result={result}
          idempotencyKey={result?.values?.idempotencyKey ?? idempotencyKey}
          busy={busy}
        />
      )}
    </section>
  );
}

function RefundForm({
  result,
  idempotencyKey,
  busy,
}: {
  result: RefundAnswer | undefined;
  idempotencyKey: string;
  busy: boolean;
}) {
  const errors = result?.errors ?? {};
  return (
    <>
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="field">
          <label htmlFor="reason">Why do you want a refund?</label>
          <select
            id="reason"
            name="reason"
            defaultValue={result?.values?.reason ?? ""}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "reason-error" : undefined}
            aria-required
          >
            <ReasonOptions />
          </select>
          {errors.reason && (
            <p id="reason-error" className="field__error">
              {errors.reason}
            </p>
          )}
        </div>
        <fieldset className="field" aria-describedby={errors.destination ? "destination-error" : undefined}>
          <legend>Where should the money go?</legend>
          {DESTINATIONS.map((d) => (
            <div key={d.value} className="field--check">
              <input
                id={`destination-${d.value}`}
                type="radio"
                name="destination"
                value={d.value}
                defaultChecked={result?.values?.destination === d.value}
              />
              <label htmlFor={`destination-${d.value}`}>{d.label}</label>
            </div>
          ))}
          {errors.destination && (
            <p id="destination-error" className="field__error">
              {errors.destination}
            </p>
          )}
        </fieldset>
        <div className="field field--check">
          <input
            id="confirmed"
            name="confirmed"
            type="checkbox"
            aria-invalid={errors.confirmed ? true : undefined}
            aria-describedby={errors.confirmed ? "confirmed-error" : undefined}
          />
          <label htmlFor="confirmed">
            I confirm this voucher code has not been redeemed with the merchant
          </label>
          {errors.confirmed && (
            <p id="confirmed-error" className="field__error">
              {errors.confirmed}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={busy}>
          Refund voucher
        </button>
      </Form>
    </>
  );
}
