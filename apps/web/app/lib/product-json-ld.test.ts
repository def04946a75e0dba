import { describe, expect, it } from "vitest";
import { decimalAmount, type ProductInput, productJsonLd } from "./product-json-ld.ts";

const product = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  name: "Spa Day for 2",
  description: "A spa day with lunch",
  sku: "100723",
  images: ["https://www.example.test/images/a.svg"],
  merchant: "The Spa",
  currency: "GBP",
  offers: [
    { name: "Spa Day for 2", fullPrice: 4199, soldOut: false, url: "https://www.example.test/deal/x" },
  ],
  rating: { average: 4.5, total: 12 },
  closesAt: new Date("2026-06-30T22:59:59.999Z"),
  ...overrides,
});

describe("decimalAmount", () => {
  it("writes minor units as decimal text without floating point", () => {
    expect(decimalAmount(4100)).toBe("41.00");
    expect(decimalAmount(2999)).toBe("29.99");
    expect(decimalAmount(5)).toBe("0.05");
    expect(decimalAmount(-150)).toBe("-1.50");
  });
});

describe("productJsonLd", () => {
  it("gives one Offer with the full price for a single product", () => {
    const data = productJsonLd(product());
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Spa Day for 2",
      offers: {
        "@type": "Offer",
        price: "41.99",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        priceValidUntil: "2026-06-30",
      },
      aggregateRating: { ratingValue: 4.5, reviewCount: 12 },
    });
  });

  it("gives an AggregateOffer with the lowest and highest price for several products", () => {
    const data = productJsonLd(
      product({
        offers: [
          { name: "For 1", fullPrice: 2500, soldOut: false, url: "u1" },
          { name: "For 2", fullPrice: 4500, soldOut: true, url: "u2" },
        ],
        closesAt: null,
      }),
    );
    expect(data.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "25.00",
      highPrice: "45.00",
      offerCount: 2,
    });
    const offers = (data.offers as { offers: Record<string, unknown>[] }).offers;
    expect(offers[1]).toMatchObject({ availability: "https://schema.org/SoldOut" });
    expect(offers[0]).not.toHaveProperty("priceValidUntil");
  });

  it("leaves out the rating of a deal nobody has reviewed", () => {
    expect(productJsonLd(product({ rating: { average: null, total: 0 } }))).not.toHaveProperty(
      "aggregateRating",
    );
  });
});
