/**
 * /myaccount/vouchers/{id}/print: one voucher laid out to print (product.md §1 "Print or
 * download a voucher"): the code as text and as a QR code, the deal and merchant, the
 * merchant's addresses, how to redeem it, when it expires and the fine print. The same
 * voucher as a PDF is one link away. Another customer's voucher is the 404 page.
 */
import { BRANDS } from "@deals/domain/brand";
import { longDate } from "@deals/domain/long-date";
import { data } from "react-router";
import commerceStyles from "../../commerce.css?url";
import { CodeFacts, VoucherFor } from "../../components/account/VoucherFacts.tsx";
import { Link } from "../../components/Link.tsx";
import { accountHead } from "../../lib/account-head.ts";
import { withLogin } from "../../lib/auth.server.ts";
import { basketClient } from "../../lib/basket.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { PRIVATE_CACHE_CONTROL } from "../../lib/cache.server.ts";
import { headTags } from "../../lib/head.ts";
import { orNotFound } from "../../lib/not-found.ts";
import { voucherIdOf } from "../../lib/voucher-id.ts";
import type { Route } from "./+types/voucher-print";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: commerceStyles }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const client = basketClient(context, brand, request);
  const id = voucherIdOf(params.voucherId);
  const { data: voucher } = await orNotFound(withLogin(request, () => client.voucher(id)));
  return data(
    {
      head: accountHead(request, brand, `Voucher ${voucher.code}`),
      brandId: brand.id,
      brandName: brand.name,
      voucher,
    },
    { headers: { "Cache-Control": PRIVATE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function PrintVoucher({ loaderData }: Route.ComponentProps) {
  const { voucher, brandId, brandName } = loaderData;
  const expires = longDate(voucher.expiresAt, BRANDS[brandId].locale);
  return (
    <article className="printable-voucher" aria-labelledby="printable-title">
      <p className="printable-voucher__brand">{brandName}</p>
      <h1 id="printable-title">{voucher.dealHeadline}</h1>
      <VoucherFor voucher={voucher} />
      <div className="printable-voucher__code">
        <div
          className="printable-voucher__qr"
          role="img"
          aria-label={`QR code of voucher ${voucher.code}`}
          // The QR code is an SVG drawing the API made from the code; no script, no markup of the shopper's.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG made by the API's QR library
          dangerouslySetInnerHTML={{ __html: voucher.qrSvg }}
        />
        <dl className="voucher__facts">
          <CodeFacts voucher={voucher} />
          <dt>Expires</dt>
          <dd>{expires}</dd>
          <dt>Status</dt>
          <dd>{voucher.status}</dd>
        </dl>
      </div>
      <h2>How to redeem</h2>
      <ul>
        {voucher.redemptionInstructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {(voucher.addresses.length > 0 || voucher.merchantWebsite) && (
        <>
          <h2>Where</h2>
          <ul>
            {voucher.addresses.map((a) => (
              <li key={`${a.addressLine1}:${a.postCode}`}>
                {[a.addressLine1, a.addressLine2, a.town, a.postCode].filter(Boolean).join(", ")}
              </li>
            ))}
            {voucher.merchantWebsite && <li>{voucher.merchantWebsite}</li>}
          </ul>
        </>
      )}
      {voucher.finePrint.length > 0 && (
        <>
          <h2>Fine print</h2>
          <ul className="printable-voucher__fine-print">
            {voucher.finePrint.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <p className="printable-voucher__links">
        <a href={`/myaccount/vouchers/${voucher.id}/pdf`}>Download as a PDF</a>{" "}
        <Link to="/myaccount/vouchers">Back to my vouchers</Link>
      </p>
    </article>
  );
}
