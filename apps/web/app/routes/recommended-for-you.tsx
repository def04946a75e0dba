import { data } from "react-router";
import { PersonalDeals } from "../components/PersonalDeals.tsx";
import island from "../islands/recommended-page.ts?worker&url";
import { requestBrand } from "../lib/brand.server.ts";
import { headTags } from "../lib/head.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { recommendedCards } from "../lib/recommended.server.ts";
import type { Route } from "./+types/recommended-for-you";

/** A plain document: its script refines the list from the deals viewed in this browser. */
export const handle: PageHandle = { hydrate: false };

const HEADING = "Recommended for you";

/**
 * /recommended-for-you (product.md §2 "recommended"): from what the shopper bought (signed in)
 * and, once the page runs, what they viewed; popular deals near them otherwise.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const deals = await recommendedCards(request, context, []);
  const head = {
    title: `${HEADING} | ${brand.name}`,
    description: `Deals picked for you on ${brand.name} from what you viewed and bought.`,
    canonical: `${url.origin}${url.pathname}`,
    siteName: brand.name,
    robots: "NOINDEX, FOLLOW",
  };
  // Personal: it reads the shopper's session and saved location.
  return data({ head, deals }, { headers: { "Cache-Control": "private, no-store" } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function RecommendedPage({ loaderData }: Route.ComponentProps) {
  return (
    <PersonalDeals
      heading={HEADING}
      intro="Picked from the deals you viewed and bought, and what shoppers like you bought next."
      deals={loaderData.deals}
      empty="No recommendations yet."
      island={island}
    />
  );
}
