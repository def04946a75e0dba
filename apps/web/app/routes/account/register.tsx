/**
 * /register: create an account (services.md §7.2: normal, VIP, and VIP with the free-trial
 * flag, picked by ?vip=paid or ?vip=free-trial). An activation link is emailed; the account
 * signs in once it is activated.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { EmailField } from "../../components/account/EmailField.tsx";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { PersonalFields } from "../../components/account/PersonalFields.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import type { RegistrationPath } from "../../lib/accounts-api.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, formText, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { readRegistration } from "../../lib/registration-form.ts";
import type { Route } from "./+types/register";

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
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { values, errors, body } = readRegistration(form, "password");
  if (errors) return invalid(values, errors);
  const client = accountsClient(context, requestBrand(request), request);
  try {
    const { data: answer } = await client.register(FLOWS[formText(form, "vip")] ?? "/v1/register", body);
    return { message: answer.message } satisfies FormResult;
  } catch (error) {
    return refused(error, values);
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  if (result?.message) {
    return (
      <section className="account-form" aria-labelledby="register-title">
        <h1 id="register-title">Check your email</h1>
        <FormStatus message={result.message} />
        <p>
          Already activated? <Link to="/login">Sign in</Link>
        </p>
      </section>
    );
  }
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
          <label htmlFor="subscribe">Send me the daily deals email</label>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create account
        </button>
      </Form>
      <p className="account-form__note">
        By clicking Sign Up you agree to receive daily emails from {loaderData.brandName}. You can change your
        preferences or unsubscribe at any time.
      </p>
      <p>
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}
