/**
 * /register: create an account (services.md §7.2: normal, VIP, and VIP with the free-trial
 * flag, picked by ?vip=paid or ?vip=free-trial). The new account is signed in at once and goes
 * where a sign-in would; an activation link is emailed to confirm the address later.
 */
import { data, Form, redirect, useNavigation } from "react-router";
import { EmailConsent } from "../../components/account/EmailConsent.tsx";
import { EmailField } from "../../components/account/EmailField.tsx";
import { GoogleSignIn } from "../../components/account/GoogleSignIn.tsx";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { PersonalFields } from "../../components/account/PersonalFields.tsx";
import { FormAlert } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import type { RegistrationPath } from "../../lib/accounts-api.ts";
import { accountsClient, afterLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { cookieHeaders, type FormResult, formText, invalid, refused } from "../../lib/forms.ts";
import { googleSignInOffered } from "../../lib/google-sign-in.server.ts";
import { headTags } from "../../lib/head.ts";
import { readRegistration } from "../../lib/registration-form.ts";
import { afterSignIn } from "../../lib/sign-in.server.ts";
import type { Route } from "./+types/register";

const DAILY_EMAIL_OPT_IN = "Send me the daily deals email";

const FLOWS: Record<string, RegistrationPath> = {
  paid: "/v1/register/vip",
  "free-trial": "/v1/register/vip-free-trial",
};

export function loader({ request }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const vip = new URL(request.url).searchParams.get("vip") ?? "";
  return data({
    head: accountHead(request, brand, "Create an account"),
    brandName: brand.name,
    vip: vip in FLOWS ? vip : "",
    google: googleSignInOffered(),
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { values, errors, body } = readRegistration(form, "password");
  if (errors) return invalid(values, errors);
  const brand = requestBrand(request);
  const client = accountsClient(context, brand, request);
  try {
    const { data: session, setCookies } = await client.register(
      FLOWS[formText(form, "vip")] ?? "/v1/register",
      body,
    );
    const { target, clearHints } = afterLogin(request);
    const carried = await afterSignIn(context, brand, request, { ...session, setCookies });
    return redirect(target, { headers: cookieHeaders(carried.setCookies, clearHints) });
  } catch (error) {
    return refused(error, values);
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  return (
    <section className="account-form" aria-labelledby="register-title">
      <h1 id="register-title">Create an account</h1>
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <input type="hidden" name="vip" value={loaderData.vip} />
        <PersonalFields values={values} errors={errors} />
        <EmailField defaultValue={values.email} error={errors.email} />
        <NewPasswordFields label="Password" confirmLabel="Confirm password" errors={errors} />
        <div className="field field--check">
          <input id="subscribe" name="subscribe" type="checkbox" defaultChecked />
          <label htmlFor="subscribe">{DAILY_EMAIL_OPT_IN}</label>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create account
        </button>
      </Form>
      <EmailConsent button="Create account" brandName={loaderData.brandName} optInBox={DAILY_EMAIL_OPT_IN} />
      <GoogleSignIn
        offered={loaderData.google}
        label="Sign Up with Google"
        brandName={loaderData.brandName}
      />
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}
