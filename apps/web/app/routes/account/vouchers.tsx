/**
 * /myaccount/vouchers: the signed-in customer's vouchers, newest first, each named by its deal
 * and merchant, with its code, order reference, protection banner, delivery and status
 * timeline, and what can still be done with it: print, download, mark as used, refund.
 * Filtered by status; 10 or 20 a page (services.md §9 "Voucher list page sizes"), paged with
 * ?page=N (1-based on the page, 0-based in the API) only when there is a second page.
 */
import { BRANDS } from "@deals/domain/brand";
import { VOUCHER_PAGE_SIZES } from "@deals/domain/constants";
import { longDate } from "@deals/domain/long-date";
import { formatMoney } from "@deals/domain/money";
import { depositOrderNote, isVoucherStatus, VOUCHER_STATUSES } from "@deals/domain/voucher";
import { data, Form, useNavigation } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { CodeFacts, ReasonOptions, VoucherFor } from "../../components/account/VoucherFacts.tsx";
import { FormAlert, FormStatus } from "../../components/FormMessages.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import type { Voucher } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { type FormResult, formText, refused } from "../../lib/forms.ts";
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
  const wanted = url.searchParams.get("status");
  const status = isVoucherStatus(wanted) ? wanted : undefined;
  const client = basketClient(context, brand, request);
  const { data: list } = await withLogin(request, () => client.vouchers(page - 1, pageSize, status));
  return data(
    { head: accountHead(request, brand, "My vouchers"), brandId: brand.id, list, page, pageSize },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

const DONE = { used: "marked as used", return: "return requested", sent: "on its way back" } as const;

/**
 * "I've used this voucher" (marked Redeemed once the shopper confirmed it), and a shop item's
 * return: asked for with a reason, then posted back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const voucherId = Number(formText(form, "voucherId"));
  const intent = formText(form, "intent");
  const client = basketClient(context, requestBrand(request), request);
  try {
    const { data: voucher } = await withLogin(request, () => {
      if (intent === "return") return client.requestReturn(voucherId, formText(form, "reason"));
      if (intent === "sent") return client.returnSent(voucherId);
      return client.markUsed(voucherId, form.get("confirmUsed") === "on");
    });
    const done = DONE[intent as keyof typeof DONE] ?? DONE.used;
    return {
      message: `${voucher.dealHeadline}: ${done}.`,
      values: { voucherId: String(voucherId) },
    } satisfies FormResult;
  } catch (error) {
    return refused(error, { voucherId: String(voucherId) });
  }
}

export default function MyVouchers({ loaderData, actionData }: Route.ComponentProps) {
  const { list, page, pageSize, brandId } = loaderData;
  const result = actionData as FormResult | undefined;
  const locale = BRANDS[brandId].locale;
  const pages = Math.max(1, Math.ceil(list.count / pageSize));
  const pageLink = (n: number) => {
    const search = new URLSearchParams();
    if (n > 1) search.set("page", String(n));
    if (pageSize !== VOUCHER_PAGE_SIZES[0]) search.set("pageSize", String(pageSize));
    if (list.status) search.set("status", list.status);
    const query = search.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <section className="my-vouchers" aria-labelledby="vouchers-title">
      <h1 id="vouchers-title">My vouchers</h1>
      {result?.message && <FormStatus message={result.message} />}
      <Form method="get" className="my-vouchers__filter">
        <label htmlFor="status">Show</label>
        <select id="status" name="status" defaultValue={list.status ?? ""}>
          <option value="">All vouchers</option>
          {VOUCHER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        {pageSize !== VOUCHER_PAGE_SIZES[0] && <input type="hidden" name="pageSize" value={pageSize} />}
        <button type="submit" className="button button--secondary">
          Filter
        </button>
      </Form>
      {list.vouchers.length === 0 ? (
        <p>
          {list.status ? `You have no vouchers that are ${list.status}.` : "You have no vouchers yet."}{" "}
          <Link to="/">See today's deals</Link>
        </p>
      ) : (
        <ul className="vouchers">
          {list.vouchers.map((voucher) => (
            <VoucherCard
              key={voucher.id}
              voucher={voucher}
              locale={locale}
              refusal={
                result?.formError && result.values?.voucherId === String(voucher.id)
                  ? result.formError.message
                  : undefined
              }
            />
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
          <Form method="get" className="my-vouchers__size">
            <label htmlFor="pageSize">Vouchers per page</label>
            <select id="pageSize" name="pageSize" defaultValue={pageSize}>
              {VOUCHER_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            {list.status && <input type="hidden" name="status" value={list.status} />}
            <button type="submit" className="button button--secondary">
              Show
            </button>
          </Form>
        </nav>
      )}
    </section>
  );
}

function VoucherCard({
  voucher,
  locale,
  refusal,
}: {
  voucher: Voucher;
  locale: string;
  refusal: string | undefined;
}) {
  const busy = useNavigation().state === "submitting";
  const day = (iso: string) => longDate(iso, locale);
  const titleId = `voucher-${voucher.id}`;
  return (
    <li className="voucher" aria-labelledby={titleId} data-voucher-code={voucher.code}>
      <h2 id={titleId} className="voucher__title">
        {voucher.dealHeadline}
      </h2>
      <VoucherFor voucher={voucher} />
      {voucher.deposit && (
        <p className="deposit-note">
          {depositOrderNote(formatMoney(voucher.deposit.balanceDue, voucher.currency))}
        </p>
      )}
      <dl className="voucher__facts">
        <CodeFacts voucher={voucher} />
        {voucher.fulfilment && (
          <>
            <dt>Delivery</dt>
            <dd>{voucher.fulfilment.status}</dd>
            {voucher.fulfilment.courier && (
              <>
                <dt>Courier</dt>
                <dd>{voucher.fulfilment.courier}</dd>
              </>
            )}
            {voucher.fulfilment.deliveryEstimate && (
              <>
                <dt>Expected by</dt>
                <dd>{day(voucher.fulfilment.deliveryEstimate)}</dd>
              </>
            )}
            {voucher.fulfilment.trackingNumber && (
              <>
                <dt>Tracking number</dt>
                <dd>{voucher.fulfilment.trackingNumber}</dd>
              </>
            )}
          </>
        )}
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
      <ul className="voucher__actions">
        <li>
          <Link to={`/myaccount/vouchers/${voucher.id}/print`} aria-label={`Print voucher ${voucher.code}`}>
            Print voucher
          </Link>
        </li>
        <li>
          <a
            href={`/myaccount/vouchers/${voucher.id}/pdf`}
            aria-label={`Download voucher ${voucher.code} as a PDF`}
          >
            Download PDF
          </a>
        </li>
        {voucher.refund.available && (
          <li>
            <Link
              to={`/myaccount/vouchers/${voucher.id}/refund`}
              aria-label={`Refund voucher ${voucher.code}`}
            >
              Refund
            </Link>
          </li>
        )}
        {voucher.canExtend && (
          <li>
            <Link
              to={`/extend?${new URLSearchParams({ productOrderId: voucher.orderReference, voucherId: String(voucher.id) })}`}
              aria-label={`Extend voucher ${voucher.code}`}
            >
              Extend
            </Link>
          </li>
        )}
      </ul>
      {!voucher.refund.available && voucher.refund.reason && voucher.canMarkUsed && (
        <p className="voucher__note">{voucher.refund.reason}</p>
      )}
      {refusal && <FormAlert message={refusal} />}
      {voucher.canReturn && (
        <Form method="post" className="voucher__return">
          <input type="hidden" name="intent" value="return" />
          <input type="hidden" name="voucherId" value={voucher.id} />
          <label htmlFor={`reason-${voucher.id}`}>Why are you returning it?</label>
          <select id={`reason-${voucher.id}`} name="reason" defaultValue="">
            <ReasonOptions />
          </select>
          <button type="submit" className="button button--secondary" disabled={busy}>
            Return this item
          </button>
        </Form>
      )}
      {voucher.status === "Return Requested" && (
        <Form method="post" className="voucher__return">
          <input type="hidden" name="intent" value="sent" />
          <input type="hidden" name="voucherId" value={voucher.id} />
          <button type="submit" className="button button--secondary" disabled={busy}>
            I've sent it back
          </button>
        </Form>
      )}
      {voucher.canMarkUsed && (
        <Form method="post" className="voucher__used">
          <input type="hidden" name="voucherId" value={voucher.id} />
          <div className="field field--check">
            <input id={`confirmUsed-${voucher.id}`} name="confirmUsed" type="checkbox" required />
            <label htmlFor={`confirmUsed-${voucher.id}`}>
              I confirm I have used this voucher with the merchant
            </label>
          </div>
          <button type="submit" className="button button--secondary" disabled={busy}>
            I've used this voucher
          </button>
        </Form>
      )}
    </li>
  );
}
