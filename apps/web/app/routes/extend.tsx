/**
 * /extend?productOrderId={order reference}&voucherId={id} (product.md page type extendLanding,
 * §5 "A product order id is required for extension"): what extending one of the customer's
 * vouchers costs and until when it would be valid; "Extend" puts the extension in the basket
 * and the shopper pays at checkout like any order. Linked from the voucher in My vouchers.
 */
import { BRANDS } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { formatMoney } from "@deals/domain/money";
import { EXTENSION_MESSAGES } from "@deals/domain/voucher-extension";
import { data, Form, redirect, useNavigation } from "react-router";
import commerceStyles from "../commerce.css?url";
import { FormAlert } from "../components/FormMessages.tsx";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { withLogin } from "../lib/auth.server.ts";
import { basketClient } from "../lib/basket.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { checkoutPath } from "../lib/checkout.server.ts";
import { formText, refused } from "../lib/forms.ts";
import { headTags } from "../lib/head.ts";
import { orNotFound } from "../lib/not-found.ts";
import { voucherIdOf } from "../lib/voucher-id.ts";
import type { Route } from "./+types/extend";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const search = new URL(request.url).searchParams;
  const productOrderId = search.get("productOrderId")?.trim() ?? "";
  const head = accountHead(request, brand, "Extend your voucher");
  const headers = { "Cache-Control": PRIVATE_CACHE_CONTROL };
  if (!productOrderId) {
    return data(
      { head, brandId: brand.id, offer: null, problem: EXTENSION_MESSAGES.productOrderIdRequired },
      { status: 400, headers },
    );
  }
  const voucherId = voucherIdOf(search.get("voucherId") ?? undefined);
  const client = basketClient(context, brand, request);
  const { data: offer } = await orNotFound(
    withLogin(request, () => client.extensionOffer(productOrderId, String(voucherId))),
  );
  return data({ head, brandId: brand.id, offer, problem: null }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const brand = requestBrand(request);
  const form = await request.formData();
  const productOrderId = formText(form, "productOrderId");
  const voucherId = voucherIdOf(formText(form, "voucherId"));
  try {
    const { data: started } = await withLogin(request, () =>
      basketClient(context, brand, request).startExtension(productOrderId, voucherId),
    );
    return redirect(checkoutPath(started.basketToken));
  } catch (error) {
    return refused(error, { productOrderId });
  }
}

export default function ExtendVoucher({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, problem, brandId } = loaderData;
  const busy = useNavigation().state === "submitting";
  const formError = (actionData as { formError?: { message: string } } | undefined)?.formError;
  const date = (iso: string) => longDate(iso, BRANDS[brandId].locale);
  return (
    <section className="account-form voucher-extend" aria-labelledby="extend-title">
      <h1 id="extend-title">Extend your voucher</h1>
      {!offer ? (
        <FormAlert message={problem ?? EXTENSION_MESSAGES.productOrderIdRequired}>
          <p>
            <Link to="/myaccount/vouchers">Choose a voucher in My vouchers</Link>
          </p>
        </FormAlert>
      ) : (
        <>
          <p>
            <strong>{offer.dealHeadline}</strong>: {offer.title} from {offer.merchantName}. Voucher code{" "}
            <code className="voucher__code">{offer.code}</code>, order {offer.productOrderId}.
          </p>
          <dl className="confirmation__facts">
            <dt>Valid until</dt>
            <dd data-expires>{date(offer.expiresAt)}</dd>
            {offer.available && (
              <>
                <dt>Valid until, once extended</dt>
                <dd data-new-expiry>{date(offer.newExpiresAt)}</dd>
                <dt>Extension fee</dt>
                <dd data-fee>{formatMoney(offer.fee, offer.currency)}</dd>
              </>
            )}
          </dl>
          {formError && <FormAlert message={formError.message} />}
          {offer.available ? (
            <Form method="post">
              <input type="hidden" name="productOrderId" value={offer.productOrderId} />
              <input type="hidden" name="voucherId" value={offer.voucherId} />
              <button type="submit" className="button button--primary" disabled={busy}>
                Extend for {formatMoney(offer.fee, offer.currency)}
              </button>
            </Form>
          ) : (
            <FormAlert message={offer.reason ?? "This voucher cannot be extended."} />
          )}
          <p>
            <Link to="/myaccount/vouchers">Back to my vouchers</Link>
          </p>
        </>
      )}
    </section>
  );
}
