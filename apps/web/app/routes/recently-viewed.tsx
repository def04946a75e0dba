import { PersonalDeals } from "../components/PersonalDeals.tsx";
import island from "../islands/recently-viewed-page.ts?worker&url";
import { requestBrand } from "../lib/brand.server.ts";
import { headTags } from "../lib/head.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import type { Route } from "./+types/recently-viewed";

/** A plain document: its script fills the list from this browser's storage. */
export const handle: PageHandle = { hydrate: false };

const HEADING = "Recently viewed";

/**
 * /recently-viewed (product.md §2 "recentlyViewed"): the deals viewed in this browser, newest
 * first, up to 5 of each kind (services.md §9); the same for everyone, so it caches.
 */
export function loader({ request }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  return {
    head: {
      title: `${HEADING} | ${brand.name}`,
      description: `The deals you looked at last on ${brand.name}, to find them again.`,
      canonical: `${url.origin}${url.pathname}`,
      siteName: brand.name,
      robots: "NOINDEX, FOLLOW",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function RecentlyViewedPage() {
  return (
    <PersonalDeals
      heading={HEADING}
      intro="The deals you looked at last, newest first."
      deals={[]}
      empty="You haven't viewed any deals yet."
      island={island}
    />
  );
}
