/** /myaccount/password: change the password (services.md §7.2 "password-change"). */
import { validateRequired } from "@deals/domain/validation";
import { data, Form, useNavigation } from "react-router";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { Field } from "../../components/Field.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import {
  type FormResult,
  fieldErrors,
  formSecret,
  invalid,
  readNewPassword,
  refused,
} from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/password";

export function loader({ request }: Route.LoaderArgs) {
  return data({ head: accountHead(request, requestBrand(request), "Change password") });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const chosen = readNewPassword(form, "newPassword");
  const change = {
    currentPassword: formSecret(form, "currentPassword"),
    newPassword: chosen.password,
    confirmPassword: chosen.confirmPassword,
  };
  const errors = fieldErrors({ currentPassword: validateRequired(change.currentPassword), ...chosen.errors });
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
        <NewPasswordFields
          name="newPassword"
          label="New password"
          confirmLabel="Confirm new password"
          errors={result?.errors}
        />
        <button type="submit" className="button" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
