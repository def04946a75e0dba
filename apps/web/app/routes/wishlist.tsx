/**
 * /wishlist: the deals the shopper wished for, the latest first (page 0, pageSize 50 as the
 * spec's wishlist page asks), each with a "price dropped" or "ending soon" marker, its heart
 * to take it off, and a button that empties the list. A guest's list is kept by its id in the
 * wishlist cookie and merged into theirs when they sign in.
 */
import { BRANDS } from "@deals/domain/brand";
import { data, redirect } from "react-router";
import { DealCard } from "../components/DealCard.tsx";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { ApiError } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import { dealCardView } from "../lib/listing.server.ts";
import { wishlistClient, wishlistIdCookie } from "../lib/wishlist.server.ts";
import type { WishedDeal } from "../lib/wishlist-api.ts";
import type { Route } from "./+types/wishlist";

async function loadWishedDeals(
  context: Route.LoaderArgs["context"],
  request: Request,
): Promise<WishedDeal[]> {
  const id = wishlistIdCookie(request);
  if (!id) return [];
  try {
    return (await wishlistClient(context, requestBrand(request), request).get(id)).deals;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const now = new Date();
  const wished = await loadWishedDeals(context, request);
  const deals = wished.map((deal) => ({
    card: dealCardView(deal, brand.locale, now),
    priceDropped: deal.priceDropped,
    endingSoon: deal.endingSoon,
  }));
  return data(
    {
      head: accountHead(request, brand, "Your wishlist"),
      brandId: brand.id,
      deals,
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** Empties the list (services.md §7.5 DELETE wishlist/{id}/deal/all). */
export async function action({ request, context }: Route.ActionArgs) {
  const id = wishlistIdCookie(request);
  if (id) await wishlistClient(context, requestBrand(request), request).removeAll(id);
  return redirect("/wishlist", 303);
}

export default function WishlistPage({ loaderData }: Route.ComponentProps) {
  const { deals, brandId } = loaderData;
  return (
    <section className="wishlist" aria-labelledby="wishlist-title">
      <h1 id="wishlist-title">Your wishlist</h1>
      {deals.length === 0 ? (
        <p>
          Nothing here yet. Tap the heart on any deal to keep it here.{" "}
          <Link to="/">Browse {BRANDS[brandId].name} deals</Link>
        </p>
      ) : (
        <>
          <p>
            {deals.length} {deals.length === 1 ? "deal" : "deals"} saved
          </p>
          <ul className="deal-grid">
            {deals.map(({ card, priceDropped, endingSoon }, index) => (
              <li key={card.id} className="wishlist__item">
                {(priceDropped || endingSoon) && (
                  <p className="wishlist__markers">
                    {priceDropped && <span className="badge badge--stock">Price dropped</span>}
                    {endingSoon && <span className="badge badge--stock">Ending soon</span>}
                  </p>
                )}
                <DealCard deal={card} eager={index < 4} />
              </li>
            ))}
          </ul>
          <form method="post">
            <button type="submit" className="button">
              Remove everything from my wishlist
            </button>
          </form>
        </>
      )}
    </section>
  );
}
