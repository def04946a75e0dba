/** /unsubscribe?token=: the link in deal emails; one button press cancels that subscription. */
import { data, Form } from "react-router";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { type FormResult, formText, refused } from "../../lib/forms.ts";
import { headTags } from "../../lib/head.ts";
import type { Route } from "./+types/unsubscribe";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ head: accountHead(request, requestBrand(request), "Unsubscribe"), token });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const client = accountsClient(context, requestBrand(request), request);
    return { message: (await client.unsubscribe(formText(form, "token"))).data.message } satisfies FormResult;
  } catch (error) {
    return refused(error);
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  return (
    <section className="account-form" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {result?.message ? (
        <FormStatus message={result.message}>
          <p>
            You can subscribe again from <Link to="/myaccount/subscriptions">your email preferences</Link>.
          </p>
        </FormStatus>
      ) : (
        <>
          {result?.formError && <FormAlert message={result.formError.message} />}
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <p>Stop sending me this daily deals email.</p>
            <button type="submit" className="button">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
