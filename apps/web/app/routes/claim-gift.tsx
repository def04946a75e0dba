/**
 * /mygift (product.md §2 "gift claim", page type claim-gift): the recipient of an e-gift
 * arrives from the link in their email, signs in (or registers: the login page offers it, and
 * brings them back here), claims the gift and sees its voucher, now in their own account. A
 * customer also sees the gifts they sent and whether each was claimed.
 */
import { BRANDS } from "@deals/domain/brand";
import { data, Form, useNavigation } from "react-router";
import commerceStyles from "../commerce.css?url";
import { Field } from "../components/Field.tsx";
import { FormAlert } from "../components/FormMessages.tsx";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { accountsClient, requireProfile, withLogin } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { formatDay } from "../lib/day.ts";
import { type FormResult, formText, invalid, refused } from "../lib/forms.ts";
import { type ClaimedGift, giftsClient } from "../lib/gifts-api.ts";
import { headTags } from "../lib/head.ts";
import type { Route } from "./+types/claim-gift";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  await requireProfile(accountsClient(context, brand, request), request);
  const { data: sent } = await withLogin(request, () => giftsClient(context, brand, request).sent());
  return data(
    {
      head: accountHead(request, brand, "Claim your gift"),
      brandId: brand.id,
      code: new URL(request.url).searchParams.get("code")?.slice(0, 100) ?? "",
      sent: sent.gifts,
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

interface ClaimResult extends FormResult {
  gift?: ClaimedGift;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = formText(form, "code");
  if (!code) return invalid({ code }, { code: "Enter your gift code" });
  try {
    const client = giftsClient(context, requestBrand(request), request);
    const { data: gift } = await withLogin(request, () => client.claim(code));
    return { gift } satisfies ClaimResult;
  } catch (error) {
    return refused(error, { code });
  }
}

export default function ClaimGift({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ClaimResult | undefined;
  const busy = useNavigation().state === "submitting";
  const locale = BRANDS[loaderData.brandId].locale;
  const gift = result?.gift;
  return (
    <section className="claim-gift account-form" aria-labelledby="claim-title">
      <h1 id="claim-title">{gift ? `A gift from ${gift.from}` : "Claim your gift"}</h1>
      {gift ? (
        <div className="voucher" role="status">
          <p>The gift is now in your account.</p>
          {gift.message && <blockquote>{gift.message}</blockquote>}
          <h2 className="voucher__title">{gift.voucher.dealHeadline}</h2>
          <p>{gift.voucher.title}</p>
          <dl className="voucher__facts">
            <dt>Voucher code</dt>
            <dd>
              <code className="voucher__code">{gift.voucher.code}</code>
            </dd>
            <dt>Status</dt>
            <dd>{gift.voucher.status}</dd>
            <dt>Use by</dt>
            <dd>{formatDay(gift.voucher.expiresAt, locale)}</dd>
          </dl>
          <p>
            <Link to="/myaccount/vouchers">See it in My vouchers</Link>
          </p>
        </div>
      ) : (
        <>
          {result?.formError && <FormAlert message={result.formError.message} />}
          <Form method="post" noValidate>
            <Field
              name="code"
              label="Gift code"
              autoComplete="off"
              defaultValue={result?.values?.code ?? loaderData.code}
              error={result?.errors?.code}
              hint="The code in the email that told you about your gift."
              required
            />
            <button type="submit" className="button" disabled={busy}>
              Claim gift
            </button>
          </Form>
        </>
      )}
      {loaderData.sent.length > 0 && (
        <>
          <h2>Gifts you sent</h2>
          <ul className="sent-gifts">
            {loaderData.sent.map((sent) => (
              <li key={sent.id}>
                {sent.dealHeadline} to {sent.recipientEmail}, sent {formatDay(sent.sentAt, locale)}:{" "}
                <strong>
                  {sent.claimedAt ? `Claimed on ${formatDay(sent.claimedAt, locale)}` : "Not claimed yet"}
                </strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
