/**
 * /buy-again (product.md §2 "Routes", §1 "buy-again"): the deals the signed-in customer bought
 * that are still on sale, newest purchase first (services.md §9: 10 of them), each one click
 * from the basket with the product bought last time; a stay goes back by its calendar.
 */

import type { BuyAgain } from "@deals/api/modules/buy-again/schemas";
import { formatMoney } from "@deals/domain/money";
import { data, Form } from "react-router";
import { Link } from "../components/Link.tsx";
import { accountHead } from "../lib/account-head.ts";
import { accountsClient, requireProfile, withLogin } from "../lib/auth.server.ts";
import { shopperCaller } from "../lib/basket-api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { headTags } from "../lib/head.ts";
import type { Route } from "./+types/buy-again";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  await requireProfile(accountsClient(context, brand, request), request);
  const call = shopperCaller(context.apiFetch, brand, request);
  const { data: list } = await withLogin(request, () => call<BuyAgain>("GET", "/v1/buy-again?pageSize=10"));
  return data(
    { head: accountHead(request, brand, "Buy again"), deals: list.deals },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function BuyAgainPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="buy-again" aria-labelledby="buy-again-title">
      <h1 id="buy-again-title">Buy again</h1>
      {loaderData.deals.length === 0 ? (
        <p>
          Nothing to buy again yet: deals you buy show here while they are on sale.{" "}
          <Link to="/">See today's deals</Link>
        </p>
      ) : (
        <ul className="buy-again__list">
          {loaderData.deals.map((deal) => (
            <li key={deal.id} aria-labelledby={`buy-again-${deal.id}`}>
              <h2 id={`buy-again-${deal.id}`}>
                <Link to={deal.urlPath}>{deal.headline}</Link>
              </h2>
              <p>{formatMoney(deal.fullPrice, deal.currency)}</p>
              {deal.bookByDate ? (
                <Link to={deal.urlPath} className="button" aria-describedby={`buy-again-${deal.id}`}>
                  Choose your dates
                </Link>
              ) : (
                <Form method="post" action="/basket/add">
                  <input type="hidden" name="dealId" value={deal.id} />
                  <input type="hidden" name="productId" value={deal.boughtProductId} />
                  <input type="hidden" name="quantity" value="1" />
                  <button type="submit" className="button" aria-describedby={`buy-again-${deal.id}`}>
                    Add to basket
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
