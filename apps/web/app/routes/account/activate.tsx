/**
 * /activate?token=: activate an account from its emailed link, which signs its owner in. A
 * guest buyer (who bought without registering) chooses a password here. The link is used by pressing the button,
 * never by merely opening it, so mail scanners that open links cannot spend it. Without a
 * valid link the page offers a new one.
 */
import { validateEmail } from "@deals/domain/validation";
import type { ReactNode } from "react";
import { data, Form, useNavigation } from "react-router";
import { EmailField } from "../../components/account/EmailField.tsx";
import { NewPasswordFields } from "../../components/account/NewPasswordFields.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import {
  cookieHeaders,
  type FormResult,
  fieldErrors,
  formText,
  invalid,
  readNewPassword,
  refused,
} from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import { linkState } from "../../lib/links.server.ts";
import { afterSignIn } from "../../lib/sign-in.server.ts";
import type { Route } from "./+types/activate";

const ACTIVATED_MESSAGE = "Your account is confirmed, and you are signed in.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const client = accountsClient(context, requestBrand(request), request);
  const link = await linkState(request, (token) => client.checkActivationLink(token));
  return data({ head: accountHead(request, requestBrand(request), "Activate your account"), link });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const brand = requestBrand(request);
  const client = accountsClient(context, brand, request);
  if (formText(form, "intent") === "resend") {
    const values = { email: formText(form, "email") };
    const errors = fieldErrors({ email: validateEmail(values.email) });
    if (errors) return invalid(values, errors);
    try {
      return { message: (await client.requestActivation(values.email)).data.message } satisfies FormResult;
    } catch (error) {
      return refused(error, values);
    }
  }
  const token = formText(form, "token");
  const choosesPassword = form.has("password");
  const { password, confirmPassword, errors } = readNewPassword(form);
  if (choosesPassword && errors) return invalid({}, errors);
  try {
    const { data: session, setCookies } = await client.activate(
      choosesPassword ? { token, password, confirmPassword } : { token },
    );
    const carried = await afterSignIn(context, brand, request, { ...session, setCookies });
    return data<FormResult>(
      { message: ACTIVATED_MESSAGE, values: { activated: "yes" } },
      { headers: cookieHeaders(carried.setCookies) },
    );
  } catch (error) {
    return refused(error);
  }
}

function AskForNewLink({ result }: { result: FormResult | undefined }) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name="intent" value="resend" />
      <EmailField defaultValue={result?.values?.email} error={result?.errors?.email} />
      <button type="submit" className="button">
        Send me a new activation link
      </button>
    </Form>
  );
}

export default function Activate({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const { link } = loaderData;
  let body: ReactNode;
  if (result?.message) {
    body = (
      <FormStatus message={result.message}>
        {result.values?.activated && (
          <p>
            <Link to="/myaccount/vouchers">Go to my vouchers</Link>
          </p>
        )}
      </FormStatus>
    );
  } else if (!link.valid || result?.formError?.code === "LINK_INVALID") {
    body = (
      <>
        <FormAlert message={result?.formError?.message ?? (link.valid ? "" : link.message)} />
        <h2>Ask for a new link</h2>
        <AskForNewLink result={result} />
      </>
    );
  } else {
    body = (
      <>
        {result?.formError && <FormAlert message={result.formError.message} />}
        <Form method="post" noValidate>
          <input type="hidden" name="token" value={link.token} />
          {link.needsPassword && (
            <>
              <p>Choose a password to finish setting up your account.</p>
              <NewPasswordFields label="Password" confirmLabel="Confirm password" errors={result?.errors} />
            </>
          )}
          <button type="submit" className="button" disabled={busy}>
            Activate my account
          </button>
        </Form>
      </>
    );
  }
  return (
    <section className="account-form" aria-labelledby="activate-title">
      <h1 id="activate-title">Activate your account</h1>
      {body}
    </section>
  );
}
