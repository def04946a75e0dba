/**
 * /myaccount/vouchers: the signed-in customer's vouchers, newest first, each with its code,
 * order number and status timeline; 10 or 20 a page (services.md §9 "Voucher list page
 * sizes"), paged with ?page=N (1-based on the page, 0-based in the API).
 */
import { BRANDS } from "@deals/domain/brand";
import { VOUCHER_PAGE_SIZES } from "@deals/domain/constants";
import { data, Form, Link } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { headTags } from "../../lib/head.ts";
import { voucherTimeline } from "../../lib/voucher-timeline.ts";
import type { Route } from "./+types/vouchers";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

/** A page size the list offers; anything else is the first. */
function pageSizeOf(value: string | null): number {
  const size = Number(value);
  return (VOUCHER_PAGE_SIZES as readonly number[]).includes(size) ? size : VOUCHER_PAGE_SIZES[0];
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const pageSize = pageSizeOf(url.searchParams.get("pageSize"));
  const page = pageOf(url.searchParams.get("page"));
  const client = basketClient(context, brand, request);
  const { data: list } = await withLogin(request, () => client.vouchers(page - 1, pageSize));
  return data(
    { head: accountHead(request, brand, "My vouchers"), brandId: brand.id, list, page, pageSize },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function MyVouchers({ loaderData }: Route.ComponentProps) {
  const { list, page, pageSize, brandId } = loaderData;
  const locale = BRANDS[brandId].locale;
  const pages = Math.max(1, Math.ceil(list.count / pageSize));
  const pageLink = (n: number) => {
    const search = new URLSearchParams();
    if (n > 1) search.set("page", String(n));
    if (pageSize !== VOUCHER_PAGE_SIZES[0]) search.set("pageSize", String(pageSize));
    const query = search.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <section className="my-vouchers" aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">My vouchers</h1>
      <Form method="get" className="my-vouchers__size">
        <label htmlFor="pageSize">Vouchers per page</label>
        <select id="pageSize" name="pageSize" defaultValue={pageSize}>
          {VOUCHER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Show
        </button>
      </Form>
      {list.vouchers.length === 0 ? (
        <p>
          You have no vouchers yet. <Link to="/">See today's deals</Link>
        </p>
      ) : (
        <ul className="vouchers">
          {list.vouchers.map((voucher) => (
            <li key={voucher.id} className="voucher" aria-labelledby={`voucher-${voucher.id}`}>
              <h2 id={`voucher-${voucher.id}`} className="voucher__title">
                {voucher.dealHeadline}
              </h2>
              <p>{voucher.title}</p>
              <dl className="voucher__facts">
                <dt>Voucher code</dt>
                <dd>
                  <code className="voucher__code">{voucher.code}</code>
                </dd>
                <dt>Order number</dt>
                <dd>{voucher.orderNumber}</dd>
                <dt>Status</dt>
                <dd className="voucher__status">{voucher.status}</dd>
              </dl>
              <ol className="timeline" aria-label={`Status of voucher ${voucher.code}`}>
                {voucherTimeline(voucher, locale).map((step) => (
                  <li
                    key={step.label}
                    className={`timeline__step timeline__step--${step.state}`}
                    aria-current={step.state === "current" ? "step" : undefined}
                  >
                    <span>{step.label}</span>
                    {step.date && <span> {step.date}</span>}
                    {step.note && <span className="timeline__note"> {step.note}</span>}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label="Voucher pages">
          <ul>
            {Array.from({ length: pages }, (_, index) => index + 1).map((n) => (
              <li key={n}>
                <Link to={pageLink(n)} aria-current={n === page ? "page" : undefined}>
                  {n}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
