/**
 * /myaccount/wallet (product.md §2 "wallet"; services.md §7.4 /v1/user/wallet): refundable
 * and marketing credit per currency, the history behind them (refunds in, credit spent at
 * checkout, referral and loyalty credit, gift cards, marketing credit expiring) and the
 * wallet's terms.
 */
import { BRANDS, type Currency } from "@deals/domain/brand";
import { formatMoney } from "@deals/domain/money";
import { data } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { Link } from "../../components/Link.tsx";
import { PaginationNav } from "../../components/PaginationNav.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { formatDay } from "../../lib/day.ts";
import { headTags } from "../../lib/head.ts";
import { paginationLinks } from "../../lib/pagination.server.ts";
import { walletClient } from "../../lib/wallet-api.ts";
import type { Route } from "./+types/wallet";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

const HISTORY_PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const requested = Number(url.searchParams.get("page"));
  const page = Number.isSafeInteger(requested) && requested >= 1 ? requested : 1;
  const client = walletClient(context, brand, request);
  const [balances, history] = await withLogin(request, () =>
    Promise.all([client.balances(), client.history(page - 1, HISTORY_PAGE_SIZE)]),
  );
  return data(
    {
      head: accountHead(request, brand, "Wallet"),
      brandId: brand.id,
      balances: balances.data,
      history: history.data,
      pagination: paginationLinks(
        url.pathname,
        url.searchParams,
        page,
        Math.ceil(history.data.count / HISTORY_PAGE_SIZE),
      ),
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Wallet({ loaderData }: Route.ComponentProps) {
  const { balances, history, pagination, brandId } = loaderData;
  const locale = BRANDS[brandId].locale;
  const money = (minor: number, currency: string) => formatMoney(minor, currency as Currency);
  return (
    <section className="wallet" aria-labelledby="wallet-title">
      <h1 id="wallet-title">Wallet</h1>
      {balances.length === 0 ? (
        <p>Your wallet is empty. Credit from refunds, gift cards and rewards will show here.</p>
      ) : (
        <table className="wallet__balances">
          <caption>Your credit</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Refundable credit</th>
              <th scope="col">Marketing credit</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {balances.map((entry) => (
              <tr key={entry.currency} data-currency={entry.currency}>
                <th scope="row">{entry.currency}</th>
                <td data-balance="refundable">{money(entry.refundableBalance, entry.currency)}</td>
                <td data-balance="marketing">{money(entry.marketingBalance, entry.currency)}</td>
                <td data-balance="total">{money(entry.balance, entry.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="wallet__terms">
        Refundable credit is money returned to you and never expires; marketing credit pays for part of each
        item and expires on the date shown. <Link to="/page/wallettermsofuse">Wallet terms of use</Link> ·{" "}
        <Link to="/page/wallet-credit-more-info">More about wallet credit</Link>
      </p>
      <h2>History</h2>
      {history.entries.length === 0 ? (
        <p>Nothing yet.</p>
      ) : (
        <table className="wallet__history">
          <caption className="visually-hidden">Wallet history, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((entry) => (
              <tr key={entry.id} data-source={entry.source}>
                <td>{formatDay(entry.createdAt, locale)}</td>
                <td>
                  {entry.label}
                  <span className="wallet__kind">
                    {" "}
                    ({entry.kind === "marketing" ? "marketing credit" : "refundable credit"})
                  </span>
                </td>
                <td>
                  {entry.description}
                  {entry.expiresAt && entry.amount > 0 && (
                    <span className="wallet__expiry">
                      {" "}
                      {entry.expired ? "Expired" : "Expires"} {formatDay(entry.expiresAt, locale)}
                    </span>
                  )}
                </td>
                <td className={entry.amount < 0 ? "wallet__out" : "wallet__in"}>
                  {entry.amount > 0 ? "+" : ""}
                  {money(entry.amount, entry.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <PaginationNav pagination={pagination} />
    </section>
  );
}
