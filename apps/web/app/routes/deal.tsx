import { dealAvailability, dealClosesAt, shouldShowCountdown } from "@deals/domain/availability";
import { parseDealPath } from "@deals/domain/page-type";
import { STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import { useLoaderData } from "react-router";
import { Countdown } from "../components/Countdown.tsx";
import { Gallery } from "../components/Gallery.tsx";
import { PriceBreakdown } from "../components/Price.tsx";
import { ProductChoice } from "../components/ProductChoice.tsx";
import { createApiClient } from "../lib/api.ts";
import type { DealDetail } from "../lib/api-types.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { DEAL_PAGE_SCRIPT } from "../lib/deal-page-script.ts";
import { absoluteUrl, headTags } from "../lib/head.ts";
import { useNonce } from "../lib/nonce.ts";
import { notFound, orNotFound } from "../lib/not-found.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { dealPriceView, productPriceView } from "../lib/price-view.server.ts";
import type { Route } from "./+types/deal";

/** A plain document: no hydration bundle, only the small page script (deal-page-script.ts). */
export const handle: PageHandle = { hydrate: false };

/** Units left across the products, when every product counts its stock. */
function totalRemaining(deal: DealDetail): number | null {
  const counts = deal.products.map((p) => p.totalRemaining);
  return counts.every((n) => n !== null) ? counts.reduce((sum, n) => sum + n, 0) : null;
}

/** Why the deal cannot be bought now, in the shopper's words (product.md §4 "Deal availability"). */
const UNAVAILABLE_TEXT = {
  absent: "This item is no longer available.",
  soldOut: STOCK_LABEL_TEXT.soldOut,
  capReached: STOCK_LABEL_TEXT.outOfStock,
  closed: "This deal has ended",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const path = parseDealPath(new URL(request.url).pathname);
  if (!path || path.dealId === "e") throw notFound();
  const deal = await orNotFound(createApiClient(context.apiFetch, brand).deal(String(path.dealId)));

  // A product id in the URL picks that product and names the page (product.md §2 "Page head").
  const named = path.productId === undefined ? undefined : deal.products.find((p) => p.id === path.productId);
  if (path.productId !== undefined && !named) throw notFound();
  // Otherwise the cheapest product still on sale: the price the listing showed.
  const onSale = deal.products.filter((p) => !p.soldOut).sort((a, b) => a.totalPrice - b.totalPrice);
  const selected = named ?? onSale[0] ?? deal.products[0];

  const now = new Date();
  const availability = dealAvailability(deal, now);
  const label = stockLabel({ ...deal, totalRemaining: totalRemaining(deal) }, now);
  const closesAt = shouldShowCountdown(deal, now) ? dealClosesAt(deal) : null;
  const picture = deal.images[0];
  return {
    deal,
    leadPrice: dealPriceView(deal, brand.locale),
    products: deal.products.map((product) => ({
      id: product.id,
      title: product.title,
      soldOut: product.soldOut,
      price: productPriceView(deal, product, brand.locale),
    })),
    selectedProductId: selected?.id,
    status: availability.available
      ? label && STOCK_LABEL_TEXT[label.kind]
      : UNAVAILABLE_TEXT[availability.reason],
    countdown: closesAt && { closesAt: closesAt.toISOString(), now: now.toISOString() },
    head: {
      title: `${named?.friendlyName ?? deal.headline} | ${brand.name}`,
      description: deal.title,
      canonical: absoluteUrl(request, named ? `${deal.urlPath}/${named.id}` : deal.urlPath),
      ...(picture ? { image: absoluteUrl(request, picture.url) } : {}),
    },
  };
}

/** A link to a deal from a hydrated page loads the deal page as a whole document. */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function DealPage() {
  const { deal, leadPrice, products, selectedProductId, status, countdown } = useLoaderData<typeof loader>();
  const address = deal.business.mainAddress;
  const nonce = useNonce();
  return (
    <article className="deal">
      <div className="deal__media">
        <Gallery images={deal.images} />
      </div>
      <div className="deal__buy">
        <p className="deal__merchant">
          {deal.business.displayName}
          {deal.location && <span> · {deal.location.name}</span>}
        </p>
        <h1 className="deal__headline">{deal.headline}</h1>
        <p className="deal__title">{deal.title}</p>
        {status && <p className="deal__status badge badge--stock">{status}</p>}
        {products.length > 1 ? (
          products.map((product) => (
            <div key={product.id} data-price-for={product.id} hidden={product.id !== selectedProductId}>
              <PriceBreakdown price={product.price} />
            </div>
          ))
        ) : (
          <PriceBreakdown price={products[0]?.price ?? leadPrice} />
        )}
        {countdown && <Countdown {...countdown} />}
        <ProductChoice products={products} display={deal.productDisplay} selectedId={selectedProductId} />
      </div>
      <div className="deal__details">
        {deal.highlights.length > 0 && (
          <section aria-labelledby="deal-highlights">
            <h2 id="deal-highlights">Highlights</h2>
            <ul>
              {deal.highlights.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="deal-description">
          <h2 id="deal-description">About this deal</h2>
          {deal.description.split(/\n+/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
        {deal.finePrint.length > 0 && (
          <section aria-labelledby="deal-fine-print">
            <h2 id="deal-fine-print">The fine print</h2>
            <ul>
              {deal.finePrint.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="deal-merchant">
          <h2 id="deal-merchant">About {deal.business.displayName}</h2>
          {address && (
            <address>
              {[address.addressLine1, address.addressLine2, address.town, address.postCode]
                .filter(Boolean)
                .join(", ")}
            </address>
          )}
        </section>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, no user data */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: DEAL_PAGE_SCRIPT }} />
    </article>
  );
}
