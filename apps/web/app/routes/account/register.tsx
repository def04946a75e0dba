/**
 * /register: create an account (services.md §7.2: normal, VIP, and VIP with the free-trial
 * flag, picked by ?vip=paid or ?vip=free-trial). An activation link is emailed; the account
 * signs in once it is activated.
 */
import {
  PASSENGER_TITLES,
  validateEmail,
  validatePassword,
  validatePasswordsMatch,
  validateRequired,
} from "@deals/domain/validation";
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormAlert, FormStatus } from "../../components/account/Field.tsx";
import { accountHead } from "../../lib/account-head.ts";
import type { RegistrationPath } from "../../lib/accounts-api.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, fieldErrors, formSecret, formText, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
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
  const values = {
    title: formText(form, "title"),
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
  };
  const password = formSecret(form, "password");
  const confirmPassword = formSecret(form, "confirmPassword");
  const errors = fieldErrors({
    firstName: validateRequired(values.firstName),
    lastName: validateRequired(values.lastName),
    email: validateEmail(values.email),
    password: validatePassword(password),
    confirmPassword: validatePasswordsMatch(password, confirmPassword),
  });
  if (errors) return invalid(values, errors);
  const title = PASSENGER_TITLES.find((known) => known === values.title);
  const client = accountsClient(context, requestBrand(request), request);
  try {
    const { data: answer } = await client.register(FLOWS[formText(form, "vip")] ?? "/v1/register", {
      ...values,
      title,
      password,
      confirmPassword,
      subscribe: form.get("subscribe") === "on",
    });
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
        <div className="field">
          <label htmlFor="title">
            Title<span className="field__optional"> (optional)</span>
          </label>
          <select id="title" name="title" defaultValue={values.title ?? ""}>
            <option value="">Choose…</option>
            {PASSENGER_TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
        </div>
        <Field
          name="firstName"
          label="First name"
          autoComplete="given-name"
          defaultValue={values.firstName}
          error={errors.firstName}
          required
        />
        <Field
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          defaultValue={values.lastName}
          error={errors.lastName}
          required
        />
        <Field
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
          required
        />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password}
          required
        />
        <Field
          name="confirmPassword"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
          required
        />
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
