import {
  GIFT_FINDER_BUDGETS,
  GIFT_PERSONALITIES,
  GIFT_RECIPIENTS,
  giftFinderRecipientFromPath,
} from "@deals/domain/gift-finder";
import { formatMoney } from "@deals/domain/money";
import { data, redirect } from "react-router";
import { GiftFinderForm } from "../components/GiftFinderForm.tsx";
import { ListingPage } from "../components/ListingPage.tsx";
import { requestBrand } from "../lib/brand.server.ts";
import { cacheHeadersFrom } from "../lib/cache.server.ts";
import {
  GIFT_FINDER_PATH,
  giftFinderFormSelection,
  giftFinderHref,
  giftFinderSelectionOf,
} from "../lib/gift-finder-link.ts";
import { headTags } from "../lib/head.ts";
import { type ListingSource, loadListing } from "../lib/listing.server.ts";
import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/gift-finder";

const DESCRIPTION = "Find the perfect gift by who it's for, what they love and what you want to spend.";

/**
 * /gift-finder and /gift-finder/gifts-for-{recipient} (product.md §2 "Gift finder"): gift
 * ideas by recipient, personality and budget, listed like any other deals.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const submitted = giftFinderFormSelection(url.searchParams);
  if (submitted) throw redirect(giftFinderHref(submitted));
  const recipient = giftFinderRecipientFromPath(url.pathname);
  if (params.recipient && !recipient) throw notFound();

  const brand = requestBrand(request);
  const finder = { name: "Gift finder", path: GIFT_FINDER_PATH };
  const source: ListingSource = {
    kind: "collection",
    // Every location's and the national gift ideas (the API's gift-finder listing).
    apiSegments: ["near-me", "gift-finder", ...(recipient ? [recipient.searchTag] : [])],
    base: recipient ? { name: `Gifts for ${recipient.label}`, path: url.pathname } : finder,
    categories: [],
    categoryRoot: url.pathname,
    parents: [{ name: "Gifts", path: "/gifts" }, ...(recipient ? [finder] : [])],
    fixedHead: {
      heading: recipient ? `Gifts for ${recipient.label}` : "Gift finder",
      description: DESCRIPTION,
    },
  };
  const listing = await loadListing(request, context, source);
  const money = (major: number) => formatMoney(major * 100, brand.currency, brand.locale);
  return data(
    {
      ...listing.data,
      finder: {
        recipients: GIFT_RECIPIENTS.map(({ label, slug }) => ({ label, slug })),
        personalities: GIFT_PERSONALITIES.map(({ label, slug }) => ({ label, slug })),
        budgets: GIFT_FINDER_BUDGETS.map((budget) =>
          budget.maxPrice === null
            ? `${money(budget.minPrice)} and over`
            : budget.minPrice === 0
              ? `Under ${money(budget.maxPrice)}`
              : `${money(budget.minPrice)} to ${money(budget.maxPrice)}`,
        ),
        selection: giftFinderSelectionOf(recipient?.slug ?? null, url.searchParams),
      },
    },
    listing.init ?? undefined,
  );
}

export const headers: Route.HeadersFunction = cacheHeadersFrom;

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function GiftFinder({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage data={loaderData}>
      <GiftFinderForm {...loaderData.finder} />
    </ListingPage>
  );
}
