/**
 * /myaccount/delete: delete the account (product.md §4: initiated, finished within 24 hours,
 * permanent). Signs out at once; past orders are kept for accounting without personal details.
 */
import { validateRequired } from "@deals/domain/validation";
import { data, Form, redirect, useNavigation } from "react-router";
import { Field, FormAlert } from "../../components/account/Field.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient, withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { cookieHeaders, fieldErrors, type FormResult, formSecret, invalid, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/delete";

export function loader({ request }: Route.LoaderArgs) {
  return data({ head: accountHead(request, requestBrand(request), "Delete account") });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const password = formSecret(form, "password");
  const errors = fieldErrors({ password: validateRequired(password) });
  if (errors) return invalid({}, errors);
  const client = accountsClient(context, requestBrand(request), request);
  try {
    const { setCookies } = await withLogin(request, () => client.requestDeletion(password));
    return redirect("/login?deleted=1", { headers: cookieHeaders(setCookies) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refused(error);
  }
}

export default function DeleteAccount({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form" aria-labelledby="delete-title">
      <h1 id="delete-title">Delete account</h1>
      <p>
        Deleting your account is permanent. You will be signed out straight away, and within 24 hours your
        personal details, saved address and email subscriptions will be removed. Records of past orders are kept,
        without your details, as the law requires for accounting.
      </p>
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <Field
          name="password"
          label="Enter your password to confirm"
          type="password"
          autoComplete="current-password"
          error={result?.errors?.password}
          required
        />
        <button type="submit" className="button button--danger" disabled={busy}>
          Delete my account
        </button>
      </Form>
    </section>
  );
}
