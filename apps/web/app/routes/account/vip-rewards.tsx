/**
 * /myaccount/vip-rewards, "VIP rewards" (product.md §2 "Routes": VIP only; §6 "VIP member"):
 * what the membership has given (purchases at VIP prices and what they saved), when it ends or
 * renews and for how much, priority service, and the one-click cancel (never a hidden
 * renewal). A customer who is not a member is told so and shown the way to join.
 */
import { BRANDS } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { formatMoney } from "@deals/domain/money";
import { data, Form, useNavigation } from "react-router";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { type FormResult, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { createVipClient, vipMembershipCookie } from "../../lib/vip-api.ts";
import type { Route } from "./+types/vip-rewards";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const status = await withLogin(request, () => createVipClient(context.apiFetch, brand, request).status());
  return data(
    { head: accountHead(request, brand, "VIP rewards"), brandId: brand.id, status },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Set-Cookie") ? actionHeaders : loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const client = createVipClient(context.apiFetch, requestBrand(request), request);
  try {
    const status = await withLogin(request, () => client.cancel());
    const message = status.vipUser
      ? "Your VIP membership is cancelled: it will not renew, and stays yours until it ends."
      : "Your free trial has ended.";
    return data<FormResult>({ message }, { headers: { "Set-Cookie": vipMembershipCookie(request, status) } });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(error);
  }
}

export default function VipRewards({ loaderData, actionData }: Route.ComponentProps) {
  const { status, brandId } = loaderData;
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const brand = BRANDS[brandId];
  const money = (minor: number) => formatMoney(minor, brand.currency);
  const date = (iso: string) => longDate(iso, brand.locale);
  return (
    <section className="account-form vip-rewards" aria-labelledby="vip-rewards-title">
      <h1 id="vip-rewards-title">VIP rewards</h1>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      {!status.vipUser ? (
        <>
          <p>VIP rewards are for VIP members. You are not a member at the moment.</p>
          <p>
            <Link className="button" to="/deals/vip">
              See what VIP gives and join
            </Link>
          </p>
        </>
      ) : (
        <>
          <h2>Your rewards</h2>
          <dl className="vip-rewards__facts">
            <dt>Purchases at VIP prices</dt>
            <dd>{status.rewards.vipPurchases}</dd>
            <dt>Saved so far</dt>
            <dd>{money(status.rewards.savedMinor)}</dd>
            <dt>Customer service</dt>
            <dd>Priority: your messages are answered first</dd>
          </dl>

          <h2>Your membership</h2>
          <p>
            {status.plan === "trial" ? "Free trial" : "VIP membership"} since {date(status.startedAt!)}.
          </p>
          {status.renewalDate ? (
            <p id="vip-renewal">
              Renews on {date(status.renewalDate)} for {money(status.price.amount)} a year. We email you
              before it renews.
            </p>
          ) : (
            <p id="vip-renewal">
              Ends on {date(status.endsAt!)}
              {status.plan === "paid" ? ". It will not renew." : "; a free trial is never charged."}
            </p>
          )}
          {(status.renews || status.plan === "trial") && (
            <Form method="post">
              <button type="submit" className="button button--secondary" disabled={busy}>
                {status.plan === "trial" ? "Cancel free trial" : "Cancel VIP membership"}
              </button>
            </Form>
          )}
          <p>
            <Link to="/page/vip-terms">VIP membership terms</Link> · <Link to="/deals/vip">VIP deals</Link>
          </p>
        </>
      )}
    </section>
  );
}
