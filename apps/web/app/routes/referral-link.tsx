/**
 * /raf/{code}: a friend's referral link (product.md §4 "Referral"). A visitor is welcomed on
 * the referrer's behalf and the referral code cookie is set, so the account they create next
 * joins through it (lib/referral.server.ts). A signed-in customer is offered to join with a
 * button (joining changes their account, so it is a form, never the link alone); an existing
 * customer is told they cannot be referred. An unknown code answers 404 with a way on.
 */
import { COOKIES } from "@deals/domain/cookies";
import { normaliseReferralCode, REFERRAL_MESSAGES } from "@deals/domain/referral";
import { data, Form, useNavigation } from "react-router";
import { FormAlert, FormStatus } from "../components/FormMessages.tsx";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { ApiError } from "../lib/api.ts";
import { accountsClient, loadAuthState, withLogin } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { setCookie } from "../lib/cookies.server.ts";
import { type FormResult, refused } from "../lib/forms.ts";
import { headTags } from "../lib/head.ts";
import { createReferralClient, openReferralLink } from "../lib/referral-api.ts";
import type { Route } from "./+types/referral-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const head = accountHead(request, brand, "Refer a friend");
  const page = { head, brandName: brand.name };
  const code = normaliseReferralCode(params.code ?? "");
  const unknown = () =>
    data({ ...page, known: false as const, signedIn: false, referrer: "" }, { status: 404 });
  if (!code) return unknown();
  let referrer: string;
  try {
    referrer = (await openReferralLink(context.apiFetch, brand, code)).referrerFirstName || "Your friend";
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return unknown();
    throw error;
  }
  const { isAuthenticated } = await loadAuthState(accountsClient(context, brand, request), request);
  return data(
    { ...page, known: true as const, signedIn: isAuthenticated, referrer },
    {
      headers: {
        "Cache-Control": PRIVATE_CACHE_CONTROL,
        ...(isAuthenticated ? {} : { "Set-Cookie": setCookie(request, COOKIES.referralCode, code) }),
      },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context, params }: Route.ActionArgs) {
  const client = createReferralClient(context.apiFetch, requestBrand(request), request);
  try {
    const joined = await withLogin(request, () => client.assign(params.code ?? ""));
    return { message: joined.message } satisfies FormResult;
  } catch (error) {
    return refused(error);
  }
}

export default function ReferralLink({ loaderData, actionData }: Route.ComponentProps) {
  const { known, signedIn, referrer, brandName } = loaderData;
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  if (!known) {
    return (
      <section className="account-form referral-link" aria-labelledby="referral-link-title">
        <h1 id="referral-link-title">Referral link not found</h1>
        <p>{REFERRAL_MESSAGES.unknownCode}</p>
        <p>
          <Link to="/">See today's deals</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="account-form referral-link" aria-labelledby="referral-link-title">
      <h1 id="referral-link-title">
        {referrer} invited you to {brandName}.
      </h1>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      {signedIn ? (
        !result && (
          <>
            <p>
              New to {brandName}? Join through the invitation: once you buy your first deal, {referrer} earns
              wallet credit. {REFERRAL_MESSAGES.existingCustomer}
            </p>
            <Form method="post">
              <button type="submit" className="button button--primary" disabled={busy}>
                Join through {referrer}'s invitation
              </button>
            </Form>
          </>
        )
      ) : (
        <>
          <p>
            Create your {brandName} account to accept the invitation: once you buy your first deal, {referrer}{" "}
            earns wallet credit.
          </p>
          <p>
            <Link to="/register" className="button button--primary">
              Create an account
            </Link>
          </p>
          <p>
            Already have an account? <Link to="/login">Sign in</Link>. {REFERRAL_MESSAGES.existingCustomer}
          </p>
        </>
      )}
      <p>
        <Link to="/">See today's deals</Link>
      </p>
    </section>
  );
}
