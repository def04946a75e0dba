/**
 * /deals/vip, the VIP hub (product.md §2 "Routes", "Page types": vipCategory): what VIP gives
 * and the ways to join (free trial, a paid year), above the VIP deals. Joining answers on this
 * page; a signed-out shopper is sent to sign in and back.
 */
import { randomUUID } from "node:crypto";
import { BRANDS } from "@deals/domain/brand";
import { VIP_SUBSCRIPTION_PRICE_MINOR } from "@deals/domain/constants";
import { data } from "react-router";
import { ListingPage } from "../components/ListingPage.tsx";
import { VipHub } from "../components/VipHub.tsx";
import { withLogin } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import { readCookie } from "../lib/cookies.server.ts";
import { type FormResult, formText, refused } from "../lib/forms.ts";
import { headTags } from "../lib/head.ts";
import { dealsPathSource, loadListing } from "../lib/listing.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { createVipClient, vipMembershipCookie } from "../lib/vip-api.ts";
import type { Route } from "./+types/vip-hub";

export const handle: PageHandle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const signedIn = readCookie(request, "sid") !== undefined;
  const [listing, status] = await Promise.all([
    loadListing(request, context, dealsPathSource(["vip"])),
    signedIn
      ? createVipClient(context.apiFetch, brand, request)
          .status()
          .catch(() => null)
      : null,
  ]);
  return data(
    { ...listing.data, brandId: brand.id, vip: status, subscribeKey: signedIn ? randomUUID() : "" },
    listing.init ?? undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  cacheHeadersFrom({ loaderHeaders: actionHeaders.has("Set-Cookie") ? actionHeaders : loaderHeaders });

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const client = createVipClient(context.apiFetch, requestBrand(request), request);
  const intent = formText(form, "intent");
  const values = { cardNumber: formText(form, "cardNumber"), expiry: formText(form, "expiry") };
  try {
    const status = await withLogin(request, () =>
      intent === "subscribe"
        ? client.subscribe(
            {
              number: values.cardNumber,
              expiry: values.expiry,
              securityCode: formText(form, "securityCode"),
            },
            formText(form, "key") || randomUUID(),
          )
        : client.freeTrial(),
    );
    const message =
      status.plan === "trial"
        ? "Your free VIP trial has started: VIP prices and VIP-only deals are yours."
        : "Welcome to VIP: VIP prices and VIP-only deals are yours.";
    return data<FormResult>(
      { message },
      {
        headers: { "Set-Cookie": vipMembershipCookie(request, status), "Cache-Control": "private, no-store" },
      },
    );
  } catch (error) {
    return refused(error, values);
  }
}

export default function VipHubPage({ loaderData, actionData }: Route.ComponentProps) {
  const { vip, subscribeKey, brandId, ...listing } = loaderData;
  return (
    <ListingPage data={listing}>
      <VipHub
        brand={BRANDS[brandId]}
        priceMinor={VIP_SUBSCRIPTION_PRICE_MINOR}
        status={vip}
        subscribeKey={subscribeKey}
        result={actionData as FormResult | undefined}
      />
    </ListingPage>
  );
}
