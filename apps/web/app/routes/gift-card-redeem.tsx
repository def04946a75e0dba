/**
 * /giftcard/redeem (product.md §2 "gift card redeem"): a signed-in customer types a gift
 * card's code and its value goes into their wallet in the card's currency (§5: the currencies
 * must match, so a euro card is redeemed on an Irish site).
 */
import type { Currency } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { data, Form, useNavigation } from "react-router";
import { Field } from "../components/Field.tsx";
import { FormAlert, FormStatus } from "../components/FormMessages.tsx";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { accountsClient, requireProfile, withLogin } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { type FormResult, formText, invalid, refused } from "../lib/forms.ts";
import { headTags } from "../lib/head.ts";
import { walletClient } from "../lib/wallet-api.ts";
import type { Route } from "./+types/gift-card-redeem";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  await requireProfile(accountsClient(context, brand, request), request);
  return data(
    { head: accountHead(request, brand, "Redeem a gift card") },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = formText(form, "code");
  if (!code) return invalid({ code }, { code: "Enter your gift card code" });
  const client = walletClient(context, requestBrand(request), request);
  try {
    const { data: redeemed } = await withLogin(request, () => client.redeemGiftCard(code));
    const amount = formatMoney(redeemed.amount, redeemed.currency as Currency);
    return {
      message: redeemed.alreadyRedeemed
        ? `You have already redeemed this gift card: ${amount} is in your wallet.`
        : `${amount} has been added to your wallet.`,
    } satisfies FormResult;
  } catch (error) {
    return refused(error, { code });
  }
}

export default function RedeemGiftCard({ actionData }: Route.ComponentProps) {
  const result = actionData as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="account-form gift-card-redeem" aria-labelledby="redeem-title">
      <h1 id="redeem-title">Redeem a gift card</h1>
      {result?.message && (
        <FormStatus message={result.message}>
          <Link to="/myaccount/wallet">See your wallet</Link>
        </FormStatus>
      )}
      {result?.formError && <FormAlert message={result.formError.message} />}
      <Form method="post" noValidate>
        <Field
          name="code"
          label="Gift card code"
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={result?.message ? "" : (result?.values?.code ?? "")}
          error={result?.errors?.code}
          hint="The code on your gift card, for example K7XM-P3QR-9TWD."
          required
        />
        <button type="submit" className="button" disabled={busy}>
          Redeem
        </button>
      </Form>
      <p>
        Gift card credit is added to your wallet and can be spent on any deal.{" "}
        <Link to="/page/giftcardterms">Gift card terms</Link>
      </p>
    </section>
  );
}
