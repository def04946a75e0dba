import { dealAvailability, dealClosesAt, shouldShowCountdown } from "@deals/domain/availability";
import {
  ALSO_VIEWED_SHOWN,
  DEAL_TIME_ZONE,
  REVIEW_STARS,
  REVIEWS_PAGE_SIZE,
  STOCK_LABEL_THRESHOLDS,
} from "@deals/domain/constants";
import { numberFormat } from "@deals/domain/intl-format";
import { notifyMeOutcome } from "@deals/domain/notify-me";
import { type DealPath, parseDealPath } from "@deals/domain/page-type";
import { STOCK_LABEL_TEXT, stockLabel } from "@deals/domain/price-display";
import { maxQuantity } from "@deals/domain/quantity";
import { queryFlag } from "@deals/domain/query-params";
import { data, redirect, useLoaderData } from "react-router";
import { Breadcrumbs } from "../components/Breadcrumbs.tsx";
import { Countdown } from "../components/Countdown.tsx";
import { DealCardList } from "../components/DealCardList.tsx";
import { DealShare } from "../components/DealShare.tsx";
import { Gallery } from "../components/Gallery.tsx";
import { Island } from "../components/Island.tsx";
import { Link } from "../components/Link.tsx";
import { NotifyMe } from "../components/NotifyMe.tsx";
import { PriceBreakdown } from "../components/Price.tsx";
import { ProductChoice } from "../components/ProductChoice.tsx";
import { QuantityField } from "../components/QuantityField.tsx";
import { RedeemMap } from "../components/RedeemMap.tsx";
import { Reviews } from "../components/Reviews.tsx";
import { StayPicker } from "../components/StayPicker.tsx";
import { WishlistHeart } from "../components/WishlistHeart.tsx";
import dealPageIsland from "../islands/deal-page.ts?worker&url";
import dealShareIsland from "../islands/deal-share.ts?worker&url";
import { lastChanceArrival } from "../lib/add-to-basket.server.ts";
import { type ApiClient, createApiClient } from "../lib/api.ts";
import type { DealDetail, DealProduct } from "../lib/api-types.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { dealBreadcrumbs } from "../lib/breadcrumbs.ts";
import { cacheHeadersFrom, PRIVATE_CACHE_CONTROL, pageCacheHeaders } from "../lib/cache.server.ts";
import { absoluteUrl, headTags, NOT_INDEXED } from "../lib/head.ts";
import { dealCardView } from "../lib/listing.server.ts";
import { isMissing, notFound } from "../lib/not-found.ts";
import { recordNotFound } from "../lib/not-found-hit.server.ts";
import type { PageHandle } from "../lib/page-handle.ts";
import { dealPriceView, productPriceView } from "../lib/price-view.server.ts";
import { productJsonLd } from "../lib/product-json-ld.ts";
import { REVIEWS_ANCHOR, reviewsRequest, reviewsSection } from "../lib/reviews.ts";
import { socialCueText } from "../lib/social-cue.ts";
import { readStayQuery, stayPickerView } from "../lib/stay-picker.ts";
import { breadcrumbList } from "../lib/structured-data.ts";
import type { Route } from "./+types/deal";

/**
 * A plain document: no hydration bundle, only the page's small islands (islands/deal-page.ts,
 * deal-share.ts) and the shell's (root.tsx).
 */
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

/** The most of one product the shopper may buy now (product.md §5 "Quantity is capped"). */
function productMaxQuantity(product: DealProduct): number {
  return (
    maxQuantity({
      purchaseCap: product.purchaseCap,
      totalRemaining: product.totalRemaining,
      userMaximum: product.maxQuantityUserCanCurrentlyBuy,
    }) ?? product.purchaseCap
  );
}

/** An option's own stock label: few units left (the deal's label covers the rest). */
function productStockText(product: DealProduct): string | null {
  const left = product.totalRemaining;
  if (product.soldOut || left === null || left > STOCK_LABEL_THRESHOLDS.limitedAvailabilityMaxRemaining) {
    return null;
  }
  return `${STOCK_LABEL_TEXT.limitedAvailability}: ${left} left`;
}

/**
 * A calendar deal's booking calendar for the page's query (dates, guests, month, a hotel ad's
 * parameters), with a package's flights once the dates are chosen; null when the deal has no
 * calendar to show (a failure leaves the calendar out, never the deal).
 */
async function stayFor(api: ApiClient, deal: DealDetail, url: URL) {
  return optional(
    "travel calendar",
    (async () => {
      const query = readStayQuery(url.searchParams);
      const availability = await api.availability(deal.id, query.guests);
      const view = () =>
        stayPickerView({ dealId: deal.id, path: deal.urlPath, currency: deal.currency, availability, query });
      const chosen = view();
      if (availability.redeemType !== "choose-your-flight" || !chosen.checkIn || !chosen.checkOut)
        return chosen;
      const nights = chosen.summary?.nights ?? 1;
      const cheapest = await api.flights(deal.id, chosen.checkIn, nights);
      const airport = query.airport ?? cheapest[0]?.departureAirport;
      const options = airport ? await api.flights(deal.id, chosen.checkIn, nights, airport) : [];
      return stayPickerView({
        dealId: deal.id,
        path: deal.urlPath,
        currency: deal.currency,
        availability,
        query,
        flights: { cheapest, options },
      });
    })(),
  );
}

/** The deal a path names: by its id, or an evergreen path (e in place of the id) resolved by the API. */
async function dealForPath(api: ApiClient, path: DealPath, pathname: string): Promise<DealDetail> {
  const id = path.dealId === "e" ? (await api.dealUrl(pathname)).dealId : path.dealId;
  return api.deal(String(id), pathname);
}

/**
 * The parts of the page from other calls: a failure leaves that part out, never the deal
 * (services.md §8: statistic without data, recommendations error, item fetch failure).
 */
async function optional<T>(what: string, call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    console.warn(`${what} unavailable`, error);
    return null;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const url = new URL(request.url);
  const path = parseDealPath(url.pathname);
  const api = createApiClient(context.apiFetch, brand);
  if (!path) {
    recordNotFound(api, request);
    throw notFound();
  }
  const deal = await dealForPath(api, path, url.pathname).catch((error: unknown) => {
    if (!isMissing(error)) throw error;
    recordNotFound(api, request);
    throw notFound();
  });
  // A product id in the URL picks that product and names the page (product.md §2 "Page head").
  const named = path.productId === undefined ? undefined : deal.products.find((p) => p.id === path.productId);
  // Every other spelling of the address (old blurb, moved category, case, a trailing slash, an
  // evergreen or unknown product path) moves for good to the canonical one the API gives.
  const canonicalPath = deal.redirectUrl ?? (named ? `${deal.urlPath}/${named.id}` : deal.urlPath);
  if (url.pathname !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
  const reviewsAsked = reviewsRequest(url.searchParams);
  const [cue, reviews, alsoViewed] = await Promise.all([
    optional("social cue", api.socialCue(deal.id)),
    optional(
      "reviews",
      api.reviews(deal.business.id, {
        dealId: deal.id,
        filterByDeal: reviewsAsked.dealOnly,
        page: reviewsAsked.page,
        size: REVIEWS_PAGE_SIZE,
        sortBy: reviewsAsked.sortBy,
      }),
    ),
    optional("recommendations", api.recommendations(deal.id, ALSO_VIEWED_SHOWN)),
  ]);

  const stay = deal.productDisplay.type === "calendar" ? await stayFor(api, deal, url) : null;

  // Otherwise the cheapest product still on sale: the price the listing showed.
  const onSale = deal.products.filter((p) => !p.soldOut).sort((a, b) => a.totalPrice - b.totalPrice);
  const selected = named ?? onSale[0] ?? deal.products[0];

  const now = new Date();
  // Arriving from search, recently viewed, recommended, sponsored search or an email-deals
  // page (the card's ?source=), or with a search-click id, keeps a last-chance deal on sale.
  const arrival = {
    from: lastChanceArrival(url.searchParams.get("source")) ?? null,
    searchClickId: url.searchParams.get("searchClickId"),
  };
  const availability = dealAvailability(deal, now, arrival);
  const preview = queryFlag(url.searchParams, "dealPreview");
  const purchaseSource =
    availability.available && availability.closed && availability.via === "lastChance"
      ? (arrival.from ?? "search")
      : null;
  const label = stockLabel({ totalRemaining: totalRemaining(deal), ...deal }, now);
  const closesAt = dealClosesAt(deal);
  // Only a deal that really closes, and soon, counts down (a rolling deal has no closing date).
  const showCountdown = shouldShowCountdown(deal, now);
  const picture = deal.images[0];
  const canonical = absoluteUrl(request, canonicalPath);
  const crumbs = dealBreadcrumbs(deal);
  const addresses = [deal.business.mainAddress, ...deal.business.otherAddresses].filter((a) => a !== null);

  const page = {
    deal,
    apiBrand: { brand: brand.key, country: brand.countryCode },
    crumbs,
    addresses,
    available: availability.available,
    purchaseSource,
    leadPrice: dealPriceView(deal, brand.locale),
    products: deal.products.map((product) => ({
      id: product.id,
      title: product.title,
      soldOut: product.soldOut,
      rowId: product.rowId,
      columnId: product.columnId,
      price: productPriceView(deal, product, brand.locale),
      stock: productStockText(product),
      maxQuantity: productMaxQuantity(product),
    })),
    selectedProductId: selected?.id,
    stay,
    bought: deal.totalBought > 0 ? `${numberFormat(brand.locale).format(deal.totalBought)} bought` : null,
    socialCue: socialCueText(cue),
    reviews:
      reviews &&
      reviewsSection(reviews, reviewsAsked, url.pathname, url.searchParams, brand.locale, DEAL_TIME_ZONE),
    alsoViewed: (alsoViewed?.deals ?? [])
      .filter((other) => other.id !== deal.id)
      .map((other) => dealCardView(other, brand.locale, now)),
    // Sold out or capped for now: the shopper can ask to hear when it is back (product.md §4).
    notifyMe:
      !availability.available && (availability.reason === "soldOut" || availability.reason === "capReached")
        ? { outcome: notifyMeOutcome(url.searchParams.get("notifyMe")) }
        : null,
    status: availability.available
      ? label && STOCK_LABEL_TEXT[label.kind]
      : UNAVAILABLE_TEXT[availability.reason],
    countdown:
      showCountdown && closesAt ? { closesAt: closesAt.toISOString(), now: now.toISOString() } : null,
    preview,
    head: {
      title: `${named?.friendlyName ?? deal.headline} | ${brand.name}`,
      description: deal.title,
      canonical,
      siteName: brand.name,
      structuredData: [
        productJsonLd({
          name: named?.friendlyName ?? deal.headline,
          description: deal.title,
          sku: String(named?.id ?? deal.id),
          images: deal.images.map((image) => absoluteUrl(request, image.url)),
          merchant: deal.business.displayName,
          currency: deal.currency,
          offers: (named ? [named] : deal.products).map((product) => ({
            name: product.friendlyName,
            fullPrice: product.totalPrice,
            soldOut: product.soldOut || !availability.available,
            url: absoluteUrl(request, `${deal.urlPath}/${product.id}`),
          })),
          rating: deal.reviewSummary,
          closesAt,
        }),
        breadcrumbList(url.origin, crumbs),
      ],
      // A preview (?dealPreview=true, product.md §2 "Page types") is for the merchant's eyes:
      // never indexed; the canonical address is the deal's own. (What may be absent goes last:
      // properties after a spread take V8's slow path, docs/scaling.md.)
      ...(preview ? { robots: NOT_INDEXED } : {}),
      ...(picture ? { image: absoluteUrl(request, picture.url) } : {}),
    },
  };
  // Rooms are held and booked all the time: a calendar is never kept by a shared cache.
  return data(page, {
    headers: stay || preview ? { "Cache-Control": PRIVATE_CACHE_CONTROL } : pageCacheHeaders(request),
  });
}

export const headers = cacheHeadersFrom;

/** A link to a deal from a hydrated page loads the deal page as a whole document. */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => headTags(loaderData?.head);

export default function DealPage() {
  const {
    deal,
    apiBrand,
    crumbs,
    addresses,
    available,
    purchaseSource,
    leadPrice,
    products,
    selectedProductId,
    stay,
    status,
    notifyMe,
    preview,
    countdown,
    bought,
    socialCue: cue,
    reviews,
    alsoViewed,
  } = useLoaderData<typeof loader>();
  const selected = products.find((p) => p.id === selectedProductId) ?? products[0];
  return (
    <article
      className="deal"
      // A preview is not a shopper's visit: it is not recorded as recently viewed.
      data-deal-id={preview ? undefined : deal.id}
      data-location-type={deal.category.canonicalPathType}
    >
      {preview && (
        <p className="deal__preview" role="note">
          Preview: this is the deal as shoppers will see it.
        </p>
      )}
      <Breadcrumbs crumbs={crumbs} />
      <div className="deal__media">
        <Gallery images={deal.images} />
      </div>
      <div className="deal__buy">
        <p className="deal__merchant">
          {deal.business.displayName}
          {deal.location && <span> · {deal.location.name}</span>}
        </p>
        <h1 className="deal__headline">{deal.headline}</h1>
        <WishlistHeart dealId={deal.id} headline={deal.headline} />
        <DealShare apiBrand={apiBrand.brand} apiCountry={apiBrand.country} />
        <p className="deal__title">{deal.title}</p>
        {deal.vipExclusive && (
          <p className="deal__vip-only">
            <span className="badge badge--vip">VIP</span> For VIP members only.{" "}
            <Link to="/deals/vip">Join VIP to buy it</Link>
          </p>
        )}
        {deal.reviewSummary.total > 0 && deal.reviewSummary.average !== null && (
          <p className="deal__rating">
            <a href={`#${REVIEWS_ANCHOR}`}>
              {deal.reviewSummary.average.toFixed(1)} out of {REVIEW_STARS} stars, {deal.reviewSummary.total}{" "}
              {deal.reviewSummary.total === 1 ? "review" : "reviews"} of this deal
            </a>
          </p>
        )}
        {status && <p className="deal__status badge badge--stock">{status}</p>}
        {notifyMe && <NotifyMe dealId={deal.id} returnTo={deal.urlPath} outcome={notifyMe.outcome} />}
        {products.length > 1 ? (
          products.map((product) => (
            <div
              key={product.id}
              data-price-for={product.id}
              data-max-quantity={product.maxQuantity}
              hidden={product.id !== selectedProductId}
            >
              <PriceBreakdown price={product.price} />
              {product.stock && <p className="badge badge--stock">{product.stock}</p>}
            </div>
          ))
        ) : (
          <PriceBreakdown price={products[0]?.price ?? leadPrice} />
        )}
        {(bought || cue) && (
          <p className="deal__bought">
            {bought && <strong>{bought}</strong>}
            {cue && <span>{cue}</span>}
          </p>
        )}
        {countdown && <Countdown {...countdown} />}
        {available && stay && <StayPicker view={stay} path={deal.urlPath} />}
        {available && selected && !stay && (
          <form method="post" action="/basket/add" className="buy-form">
            <input type="hidden" name="dealId" value={deal.id} />
            {purchaseSource && <input type="hidden" name="sessionPurchaseSource" value={purchaseSource} />}
            {products.length === 1 && <input type="hidden" name="productId" value={selected.id} />}
            <ProductChoice products={products} display={deal.productDisplay} selectedId={selectedProductId} />
            <QuantityField max={selected.maxQuantity} />
            <button type="submit" className="button button--primary">
              Add to basket
            </button>
          </form>
        )}
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
          <RedeemMap addresses={addresses} />
        </section>
      </div>
      {reviews && <Reviews section={reviews} />}
      {alsoViewed.length > 0 && (
        <section className="also-viewed" aria-labelledby="also-viewed-title">
          <h2 id="also-viewed-title">Customers also viewed</h2>
          <DealCardList className="deal-grid deal-grid--compact" deals={alsoViewed} eagerCards={0} />
        </section>
      )}
      <Island src={dealPageIsland} />
      <Island src={dealShareIsland} />
    </article>
  );
}
