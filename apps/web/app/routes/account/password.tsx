/** /myaccount/password: change the password (services.md §7.2 "password-change"). */
import { validatePassword, validatePasswordsMatch, validateRequired } from "@deals/domain/validation";
import { data, Form, useNavigation } from "react-router";
import { Field, FormAlert, FormStatus } from "../../components/account/Field.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, fieldErrors, formSecret, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/password";

export function loader({ request }: Route.LoaderArgs) {
  return data({ head: accountHead(request, requestBrand(request), "Change password") });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const change = {
    currentPassword: formSecret(form, "currentPassword"),
    newPassword: formSecret(form, "newPassword"),
    confirmPassword: formSecret(form, "confirmPassword"),
  };
  const errors = fieldErrors({
    currentPassword: validateRequired(change.currentPassword),
    newPassword: validatePassword(change.newPassword),
    confirmPassword: validatePasswordsMatch(change.newPassword, change.confirmPassword),
  });
  if (errors) return invalid({}, errors);
  const client = accountsClient(context, requestBrand(request), request);
  try {
    await withLogin(request, () => client.changePassword(change));
    return { message: "Your password has been changed." } satisfies FormResult;
  } catch (error) {
    return refused(error);
  }
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="password-title">
      <h1 id="password-title">Change password</h1>
      {result?.message && <FormStatus message={result.message} />}
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <Field
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={result?.errors?.currentPassword}
          required
        />
        <Field
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={result?.errors?.newPassword}
          required
        />
        <Field
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={result?.errors?.confirmPassword}
          required
        />
        <button type="submit" className="button" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
