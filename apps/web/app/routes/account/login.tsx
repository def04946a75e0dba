/** /login: sign in with email and password (services.md §7.2 "login"). */
import { data, Form, redirect, useNavigation } from "react-router";
import { EmailConsent } from "../../components/account/EmailConsent.tsx";
import { GoogleSignIn } from "../../components/account/GoogleSignIn.tsx";
import { SignInFields } from "../../components/account/SignInFields.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, afterLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { cookieHeaders, type FormResult, invalid, refused } from "../../lib/forms.ts";
import { googleSignInOffered } from "../../lib/google-sign-in.server.ts";
import { headTags } from "../../lib/head.ts";
import { afterSignIn } from "../../lib/sign-in.server.ts";
import { readSignIn } from "../../lib/sign-in-form.ts";
import type { Route } from "./+types/login";

export function loader({ request }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const deleted = new URL(request.url).searchParams.has("deleted");
  return data({
    head: accountHead(request, brand, "Sign in"),
    brandName: brand.name,
    deleted,
    google: googleSignInOffered(),
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { values, password, errors } = readSignIn(form);
  if (errors) return invalid(values, errors);
  const brand = requestBrand(request);
  const client = accountsClient(context, brand, request);
  try {
    const { data: session, setCookies } = await client.login({
      ...values,
      password,
      rememberMe: form.get("rememberMe") === "on",
    });
    const { target, clearHints } = afterLogin(request);
    const carried = await afterSignIn(context, brand, request, { ...session, setCookies });
    return redirect(target, { headers: cookieHeaders(carried.setCookies, clearHints) });
  } catch (error) {
    return refused(error, values);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {loaderData.deleted && (
        <FormStatus message="Your account deletion has started. It will be finished within 24 hours." />
      )}
      {result?.formError && (
        <FormAlert message={result.formError.message}>
          {result.formError.code === "ACCOUNT_LOCKED" && (
            <p>
              <Link to="/forgot-password">Reset your password</Link>
            </p>
          )}
        </FormAlert>
      )}
      <Form method="post" noValidate>
        <SignInFields values={result?.values} errors={result?.errors} />
        <div className="field field--check">
          <input id="rememberMe" name="rememberMe" type="checkbox" />
          <label htmlFor="rememberMe">Remember me</label>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Sign in
        </button>
      </Form>
      <EmailConsent button="Sign in" brandName={loaderData.brandName} />
      <GoogleSignIn
        offered={loaderData.google}
        label="Sign in with Google"
        brandName={loaderData.brandName}
      />
      <p>
        <Link to="/forgot-password">Forgotten your password?</Link>
      </p>
      <p>
        New here? <Link to="/register">Create an account</Link>
      </p>
    </section>
  );
}
