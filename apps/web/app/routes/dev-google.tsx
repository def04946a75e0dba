/**
 * /dev/google (not in production): stands in for Google's account chooser. The shopper
 * picks the Google account (email and name); the storefront signs a development ID token for
 * it and signs up or in through the API's Google call (services.md §7.2 "registergoogleuser"),
 * then goes where a password sign-in would, with the same basket and wishlist carried over.
 */
import { validateEmail, validateRequired } from "@deals/domain/validation";
import { data, Form, redirect, useNavigation } from "react-router";
import { EmailField } from "../components/account/EmailField.tsx";
import { NameFields } from "../components/account/PersonalFields.tsx";
import { FormAlert } from "../components/FormMessages.tsx";
import { accountHead } from "../lib/account-head.ts";
import { accountsClient, afterLogin } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cookieHeaders, type FormResult, fieldErrors, formText, invalid, refused } from "../lib/forms.ts";
import { devGoogleIdToken, googleSignInOffered } from "../lib/google-sign-in.server.ts";
import { headTags } from "../lib/head.ts";
import { notFound } from "../lib/not-found.ts";
import { afterSignIn } from "../lib/sign-in.server.ts";
import type { Route } from "./+types/dev-google";

export function loader({ request }: Route.LoaderArgs) {
  if (!googleSignInOffered()) throw notFound();
  const brand = requestBrand(request);
  return data({ head: accountHead(request, brand, "Sign in with Google (development)") });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  if (!googleSignInOffered()) throw notFound();
  const form = await request.formData();
  const values = {
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
  };
  const errors = fieldErrors({
    firstName: validateRequired(values.firstName),
    lastName: validateRequired(values.lastName),
    email: validateEmail(values.email),
  });
  if (errors) return invalid(values, errors);
  const brand = requestBrand(request);
  const client = accountsClient(context, brand, request);
  try {
    const { data: session, setCookies } = await client.signInWithGoogle({
      idToken: devGoogleIdToken(values),
      rememberMe: false,
    });
    const { target, clearHints } = afterLogin(request);
    const carried = await afterSignIn(context, brand, request, { ...session, setCookies });
    return redirect(target, { headers: cookieHeaders(carried.setCookies, clearHints) });
  } catch (error) {
    return refused(error, values);
  }
}

export default function DevGoogle({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="dev-google-title">
      <h1 id="dev-google-title">Choose a Google account</h1>
      <p>
        In development this page stands in for Google: the account you enter here signs in (or signs up) as if
        Google had vouched for it.
      </p>
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <NameFields values={result?.values} errors={result?.errors} />
        <EmailField
          label="Google email address"
          defaultValue={result?.values?.email}
          error={result?.errors?.email}
        />
        <button type="submit" className="button" disabled={busy}>
          Continue
        </button>
      </Form>
    </section>
  );
}
