/**
 * /insights (product.md §2 "Page types": insights gives dashboard): the signed-in shopper's
 * savings against "was" prices and by promo codes, their vouchers by group with the ones
 * expiring soon, wallet, club points, VIP membership and the deals they viewed last. Someone
 * not signed in is asked to sign in, and comes back here after (the return path is saved).
 */
import type { Insights } from "@deals/api/modules/insights/schemas";
import { BRANDS } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import { formatMoney } from "@deals/domain/money";
import { data } from "react-router";
import { DealCardList } from "../components/DealCardList.tsx";
import { Link } from "../components/Link.tsx";
import insightsStyles from "../insights.css?url";
import { accountHead } from "../lib/account-head.ts";
import { ApiError, createApiClient } from "../lib/api.ts";
import { hasSession } from "../lib/auth.server.ts";
import { shopperCaller } from "../lib/basket-api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../lib/cache.server.ts";
import { setCookie } from "../lib/cookies.server.ts";
import { formatDay } from "../lib/day.ts";
import { headTags } from "../lib/head.ts";
import { type DealCardView, dealCardView } from "../lib/listing.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { recentViewedDealIds } from "../lib/recently-viewed.server.ts";
import type { Route } from "./+types/insights";

/** Nothing on it needs the app bundle: links and a plain list. */
export const handle: PageHandle = { hydrate: false };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: insightsStyles }];

const TITLE = "Your savings";

/** "1 voucher", "3 vouchers". */
const count = (n: number, noun: string) => `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;

/** The signed-in shopper's dashboard, or null when nobody is (or the session has ended). */
async function loadInsights(
  context: Route.LoaderArgs["context"],
  request: Request,
): Promise<Insights | null> {
  if (!hasSession(request)) return null;
  try {
    const call = shopperCaller(context.apiFetch, requestBrand(request), request);
    return (await call<Insights>("GET", "/v1/user/insights")).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The deals viewed last in this browser (the deal page's cookie), as cards. */
async function loadRecentlyViewed(context: Route.LoaderArgs["context"], request: Request) {
  const ids = recentViewedDealIds(request);
  if (ids.length === 0) return [];
  const brand = requestBrand(request);
  try {
    const { deals } = await createApiClient(context.apiFetch, brand).dealsById(ids);
    const now = new Date();
    return deals.map((deal) => dealCardView(deal, brand.locale, now, "recently-viewed"));
  } catch (error) {
    // services.md §8 "Item-by-id fetch failure": a warning, and nothing shown.
    console.warn("recently viewed deals unavailable", error);
    return [];
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const head = accountHead(
    request,
    brand,
    TITLE,
    `What you saved on ${brand.name}, your vouchers, wallet and rewards at a glance.`,
  );
  const insights = await loadInsights(context, request);
  if (!insights) {
    // Signing in from here comes back here (product.md §4 "Login redirect precedence").
    return data(
      { head, brandId: brand.id, insights: null, recent: [] as DealCardView[] },
      {
        headers: {
          "Cache-Control": PRIVATE_CACHE_CONTROL,
          "Set-Cookie": setCookie(request, COOKIES.postLoginUrl, "/insights"),
        },
      },
    );
  }
  const recent = await loadRecentlyViewed(context, request);
  return data(
    { head, brandId: brand.id, insights, recent },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { insights, recent, brandId } = loaderData;
  const brand = BRANDS[brandId];
  if (!insights) {
    return (
      <section className="insights" aria-labelledby="insights-title">
        <h1 id="insights-title">{TITLE}</h1>
        <p>
          Sign in to see what you've saved on {brand.name}, the vouchers you have to use and when they expire,
          your wallet credit and your club points.
        </p>
        <p className="insights__actions">
          <Link to="/login" className="button">
            Sign in
          </Link>
          <Link to="/register">Create an account</Link>
        </p>
      </section>
    );
  }
  const money = (minor: number) => formatMoney(minor, insights.currency);
  const { savings, vouchers, wallet, loyalty, vip } = insights;
  return (
    <div className="insights">
      <h1 id="insights-title">{TITLE}</h1>
      <div className="insights__tiles">
        <section className="insights__tile insights__tile--savings" aria-labelledby="insights-saved">
          <h2 id="insights-saved">Saved so far</h2>
          <p className="insights__figure" data-insight="saved">
            {money(savings.savedMinor)}
          </p>
          {savings.units === 0 ? (
            <p>
              Nothing yet: what you save on every deal adds up here. <Link to="/">See today's deals</Link>
            </p>
          ) : (
            <>
              <p>
                {savings.percentSaved}% off {money(savings.wouldHaveCostMinor)} of "was" prices, on{" "}
                {count(savings.units, "voucher")} from {count(savings.orders, "order")}.
              </p>
              <dl className="insights__breakdown">
                <dt>Against "was" prices</dt>
                <dd>{money(savings.againstWasMinor)}</dd>
                <dt>Promo codes</dt>
                <dd>{money(savings.promoMinor)}</dd>
                {vip.savedMinor > 0 && (
                  <>
                    <dt>Of which VIP prices</dt>
                    <dd>{money(vip.savedMinor)}</dd>
                  </>
                )}
              </dl>
            </>
          )}
        </section>

        <section className="insights__tile" aria-labelledby="insights-wallet">
          <h2 id="insights-wallet">Wallet</h2>
          <p className="insights__figure" data-insight="wallet">
            {money(wallet.balanceMinor)}
          </p>
          <p>
            {money(wallet.refundableMinor)} refundable, {money(wallet.marketingMinor)} promotional credit.{" "}
            <Link to="/myaccount/wallet">Wallet history</Link>
          </p>
        </section>

        <section className="insights__tile" aria-labelledby="insights-club">
          <h2 id="insights-club">Club rewards</h2>
          <p className="insights__figure" data-insight="points">
            {loyalty.currentPoints.toLocaleString(brand.locale)} points
          </p>
          <p>
            {loyalty.currentLevel} member; your points are worth {loyalty.currentPointsWorth}.
            {loyalty.nextLevel &&
              ` ${loyalty.pointsToNextLevel.toLocaleString(brand.locale)} more to ${loyalty.nextLevel}.`}{" "}
            <Link to="/myaccount/rewards">Club rewards</Link>
          </p>
        </section>

        <section className="insights__tile" aria-labelledby="insights-vip">
          <h2 id="insights-vip">VIP</h2>
          {vip.vipUser ? (
            <p data-insight="vip">
              VIP member{vip.endsAt && ` until ${formatDay(vip.endsAt, brand.locale)}`}.{" "}
              <Link to="/myaccount/vip-rewards">VIP rewards</Link>
            </p>
          ) : (
            <p data-insight="vip">
              Not a member: VIP prices and VIP-only deals come with membership.{" "}
              <Link to="/deals/vip">VIP Hub</Link>
            </p>
          )}
        </section>
      </div>

      <section className="insights__vouchers" aria-labelledby="insights-vouchers">
        <h2 id="insights-vouchers">Your vouchers</h2>
        <ul className="insights__groups">
          {vouchers.groups.map(({ group, count: n }) => (
            <li key={group} data-group={group}>
              <span className="insights__count">{n}</span> {group}
            </li>
          ))}
        </ul>
        <h3>Expiring in the next {vouchers.expiringSoonDays} days</h3>
        {vouchers.expiringSoon.length === 0 ? (
          <p>None: nothing to rush.</p>
        ) : (
          <ul className="insights__expiring">
            {vouchers.expiringSoon.map((voucher) => (
              <li key={voucher.id} data-voucher={voucher.id}>
                <strong>{voucher.title}</strong> from {voucher.merchantName}: expires{" "}
                {formatDay(voucher.expiresAt, brand.locale)} ({count(voucher.daysLeft, "day")} left)
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to="/myaccount/vouchers">All my vouchers</Link>
        </p>
      </section>

      <section className="insights__recent" aria-labelledby="insights-recent">
        <h2 id="insights-recent">Recently viewed</h2>
        {recent.length === 0 ? (
          <p>
            Deals you look at show here. <Link to="/">See today's deals</Link>
          </p>
        ) : (
          <DealCardList className="deal-grid" deals={recent} eagerCards={0} />
        )}
      </section>
    </div>
  );
}
