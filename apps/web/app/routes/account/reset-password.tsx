/**
 * /reset-password?token=: choose a new password from the emailed link. A used or expired
 * link says so and offers a new one.
 */
import { data, Form, useNavigation } from "react-router";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, formText, invalid, readNewPassword, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { linkState } from "../../lib/links.server.ts";
import type { Route } from "./+types/reset-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = accountsClient(context, requestBrand(request), request);
  const link = await linkState(request, (token) => client.checkResetLink(token));
  return data({ head: accountHead(request, requestBrand(request), "Choose a new password"), link });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = formText(form, "token");
  const { password, confirmPassword, errors } = readNewPassword(form);
  if (errors) return invalid({}, errors);
  try {
    const client = accountsClient(context, requestBrand(request), request);
    const { data: answer } = await client.resetPassword({ token, password, confirmPassword });
    return { message: answer.message } satisfies FormResult;
  } catch (error) {
    return refused(error);
  }
}

function AskAgain({ message }: { message: string }) {
  return (
    <FormAlert message={message}>
      <p>
        <Link to="/forgot-password">Ask for a new reset link</Link>
      </p>
    </FormAlert>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const { link } = loaderData;
  return (
    <section className="account-form" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {result?.message ? (
        <FormStatus message={result.message}>
          <p>
            <Link to="/login">Sign in</Link>
          </p>
        </FormStatus>
      ) : !link.valid ? (
        <AskAgain message={link.message} />
      ) : (
        <>
          {result?.formError && <AskAgain message={result.formError.message} />}
          <Form method="post" noValidate>
            <input type="hidden" name="token" value={link.token} />
            <NewPasswordFields
              label="New password"
              confirmLabel="Confirm new password"
              errors={result?.errors}
            />
            <button type="submit" className="button" disabled={busy}>
              Save password
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
