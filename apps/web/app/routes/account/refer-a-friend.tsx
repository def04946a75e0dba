/**
 * /myaccount/refer-a-friend (product.md §2 "refer a friend with referral stats", §4
 * "Referral"): the customer's personal link and code to copy, an invitation by email, what
 * they have earned, and their referrals: invited, pending (credit due after the 14-day refund
 * window), credited and cancelled (friend refunded).
 */
import { BRANDS } from "@deals/domain/brand";
import { validateEmail } from "@deals/domain/validation";
import { data, Form, useNavigation } from "react-router";
import { CopyReferralLink } from "../../components/account/CopyReferralLink.tsx";
import { Field } from "../../components/Field.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { formatDay } from "../../lib/day.ts";
import { type FormResult, formText, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { createReferralClient } from "../../lib/referral-api.ts";
import type { Route } from "./+types/refer-a-friend";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const status = await withLogin(request, () =>
    createReferralClient(context.apiFetch, brand, request).status(),
  );
  return data(
    { head: accountHead(request, brand, "Refer a friend"), brandId: brand.id, status },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = createReferralClient(context.apiFetch, requestBrand(request), request);
  if (formText(form, "intent") === "shared") {
    // The link was copied by the page's button: counted, nothing to show.
    await withLogin(request, () => client.share("copy")).catch(() => undefined);
    return null;
  }
  if (formText(form, "intent") === "withdraw") {
    try {
      await withLogin(request, () => client.withdraw(formText(form, "id")));
      return { message: `Invitation to ${formText(form, "friend")} withdrawn.` } satisfies FormResult;
    } catch (error) {
      return refused(error);
    }
  }
  const email = formText(form, "email");
  const problem = validateEmail(email);
  if (problem) return invalid({ email }, { email: problem });
  try {
    const result = await withLogin(request, () => client.invite(email));
    return { message: result.message } satisfies FormResult;
  } catch (error) {
    return refused(error, { email });
  }
}

export default function ReferAFriend({ loaderData, actionData }: Route.ComponentProps) {
  const { status, brandId } = loaderData;
  const result = actionData as FormResult | null | undefined;
  const busy = useNavigation().state === "submitting";
  const locale = BRANDS[brandId].locale;
  const statLines = [
    ["Invited", status.stats.invited],
    ["Pending", status.stats.pending],
    ["Credited", status.stats.credited],
    ["Cancelled", status.stats.cancelled],
  ] as const;
  return (
    <section className="account-form refer-a-friend" aria-labelledby="raf-title">
      <h1 id="raf-title">Refer a friend</h1>
      <p>
        Share your link with friends who are new to us. When a friend joins through it and buys their first
        deal, you get {status.creditPerFriendFormatted} of wallet credit once their {status.pendingDays}-day
        refund window has passed, up to {status.creditUpToFormatted} in all. Existing customers cannot be
        referred.
      </p>

      <h2>Your referral link</h2>
      <CopyReferralLink link={status.referralLink} />
      <p>
        Your referral code: <strong>{status.referralCode}</strong>
      </p>

      <h2>Invite a friend by email</h2>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <Field
          name="email"
          label="Your friend's email address"
          type="email"
          autoComplete="off"
          defaultValue={result?.values?.email}
          error={result?.errors?.email}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          Send invitation
        </button>
      </Form>

      <h2>Your referrals</h2>
      <dl className="raf-stats">
        {statLines.map(([label, count]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count}</dd>
          </div>
        ))}
        <div>
          <dt>Credit earned</dt>
          <dd>{status.creditEarnedFormatted}</dd>
        </div>
      </dl>
      {status.referrals.length === 0 ? (
        <p>No referrals yet: share your link to invite your first friend.</p>
      ) : (
        <table className="raf-referrals">
          <thead>
            <tr>
              <th scope="col">Friend</th>
              <th scope="col">Status</th>
              <th scope="col">Credit</th>
            </tr>
          </thead>
          <tbody>
            {status.referrals.map((referral) => (
              <tr key={referral.id}>
                <td>{referral.friendName}</td>
                <td>
                  {referral.statusLabel}
                  {referral.status === "pending" && referral.creditDueAt && (
                    <> (due {formatDay(referral.creditDueAt, locale)})</>
                  )}
                  {referral.status === "invited" && (
                    <Form method="post" className="raf-referrals__withdraw">
                      <input type="hidden" name="intent" value="withdraw" />
                      <input type="hidden" name="id" value={referral.id} />
                      <input type="hidden" name="friend" value={referral.friendName} />
                      <button
                        type="submit"
                        className="button button--secondary"
                        aria-label={`Withdraw the invitation to ${referral.friendName}`}
                      >
                        Withdraw
                      </button>
                    </Form>
                  )}
                </td>
                <td>
                  {referral.creditFormatted && referral.creditedAt
                    ? `${referral.creditFormatted} on ${formatDay(referral.creditedAt, locale)}`
                    : "–"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
