/**
 * The deal as search engines read it (schema.org JSON-LD, sent through the page head): a
 * Product with an Offer per product, or an AggregateOffer when there are several. Prices are
 * full prices, fees included, as the page shows them.
 */

export interface OfferInput {
  name: string;
  /** Full price in minor units: price, admin fee and postage. */
  fullPrice: number;
  soldOut: boolean;
  /** Absolute URL of the offer. */
  url: string;
}

export interface ProductInput {
  name: string;
  description: string;
  sku: string;
  /** Absolute URLs. */
  images: string[];
  merchant: string;
  currency: string;
  offers: OfferInput[];
  rating: { average: number | null; total: number };
  /** When the deal stops being sold (the end of its closing day), or null if it does not. */
  closesAt: Date | null;
}

/** "41.00" from 4100: schema.org prices are decimal text, never floats. */
export function decimalAmount(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const units = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(units / 100)}.${String(units % 100).padStart(2, "0")}`;
}

const IN_STOCK = "https://schema.org/InStock";
const SOLD_OUT = "https://schema.org/SoldOut";

function offer(input: OfferInput, currency: string, validUntil: string | undefined) {
  return {
    "@type": "Offer",
    name: input.name,
    url: input.url,
    price: decimalAmount(input.fullPrice),
    priceCurrency: currency,
    availability: input.soldOut ? SOLD_OUT : IN_STOCK,
    ...(validUntil ? { priceValidUntil: validUntil } : {}),
  };
}

export function productJsonLd(product: ProductInput): Record<string, unknown> {
  const validUntil = product.closesAt?.toISOString().slice(0, 10);
  const offers = product.offers.map((o) => offer(o, product.currency, validUntil));
  const prices = product.offers.map((o) => o.fullPrice);
  const [single] = offers;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: product.images,
    brand: { "@type": "Brand", name: product.merchant },
    ...(product.rating.total > 0 && product.rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average,
            reviewCount: product.rating.total,
            bestRating: 5,
          },
        }
      : {}),
    ...(offers.length === 1 && single
      ? { offers: single }
      : offers.length > 1
        ? {
            offers: {
              "@type": "AggregateOffer",
              priceCurrency: product.currency,
              lowPrice: decimalAmount(Math.min(...prices)),
              highPrice: decimalAmount(Math.max(...prices)),
              offerCount: offers.length,
              offers,
            },
          }
        : {}),
  };
}
