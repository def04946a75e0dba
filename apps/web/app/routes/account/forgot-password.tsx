/** /forgot-password: ask for a password reset link (the answer never says whether the address has an account). */
import { validateEmail } from "@deals/domain/validation";
import { data, Form, useNavigation } from "react-router";
import { EmailField } from "../../components/account/EmailField.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, fieldErrors, formText, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/forgot-password";

export function loader({ request }: Route.LoaderArgs) {
  return data({ head: accountHead(request, requestBrand(request), "Reset your password") });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, "email") };
  const errors = fieldErrors({ email: validateEmail(values.email) });
  if (errors) return invalid(values, errors);
  try {
    const { data: answer } = await accountsClient(
      context,
      requestBrand(request),
      request,
    ).requestPasswordReset(values.email);
    return { message: answer.message } satisfies FormResult;
  } catch (error) {
    return refused(error, values);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Reset your password</h1>
      {result?.message ? (
        <FormStatus message={result.message}>
          <p>
            <Link to="/login">Back to sign in</Link>
          </p>
        </FormStatus>
      ) : (
        <>
          <p>Enter your email address and we will send you a link to choose a new password.</p>
          {result?.formError && <FormAlert message={result.formError.message} />}
          <Form method="post" noValidate>
            <EmailField defaultValue={result?.values?.email} error={result?.errors?.email} />
            <button type="submit" className="button" disabled={busy}>
              Send reset link
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
