/**
 * /myaccount/delete: delete the account (product.md §4: initiated, finished within 24 hours,
 * permanent). Signs out at once; past orders are kept for accounting without personal details.
 */
import { validateRequired } from "@deals/domain/validation";
import { data, Form, redirect, useNavigation } from "react-router";
import { Field } from "../../components/Field.tsx";
import { FormAlert } from "../../components/FormMessages.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, requireProfile, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import {
  cookieHeaders,
  type FormResult,
  fieldErrors,
  formSecret,
  invalid,
  refused,
} from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/delete";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const profile = await requireProfile(accountsClient(context, brand, request), request);
  return data({ head: accountHead(request, brand, "Delete account"), hasPassword: profile.hasPassword });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formSecret(form, "password");
  // An account that signs in only with Google has no password to confirm with.
  const errors = fieldErrors({ password: form.has("password") ? validateRequired(password) : undefined });
  if (errors) return invalid({}, errors);
  const client = accountsClient(context, requestBrand(request), request);
  try {
    const { setCookies } = await withLogin(request, () => client.requestDeletion(password));
    return redirect("/login?deleted=1", { headers: cookieHeaders(setCookies) });
  } catch (error) {
    return refused(error);
  }
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="delete-title">
      <h1 id="delete-title">Delete account</h1>
      <p>
        Deleting your account is permanent. You will be signed out straight away, and within 24 hours your
        personal details, saved address and email subscriptions will be removed. Records of past orders are
        kept, without your details, as the law requires for accounting.
      </p>
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        {loaderData.hasPassword && (
          <Field
            name="password"
            label="Enter your password to confirm"
            type="password"
            autoComplete="current-password"
            error={result?.errors?.password}
            required
          />
        )}
        <button type="submit" className="button button--danger" disabled={busy}>
          Delete my account
        </button>
      </Form>
    </section>
  );
}
