import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { DealSummary } from "../lib/api-types.ts";
import { dealCardView } from "../lib/listing.server.ts";
import { DealCard } from "./DealCard.tsx";

const NOW = new Date("2026-06-15T10:00:00Z");

const SUMMARY: DealSummary = {
  id: 100_004,
  urlPath: "/deal/shop/fashion/womens-fashion/100004/womens-quilted-puffer-jacket",
  headline: "Women's Quilted Puffer Jacket",
  title: "From £29 for a women's quilted puffer jacket – save 42%",
  currency: "GBP",
  price: 2900,
  originalPrice: 5000,
  vipPrice: null,
  discountPercentage: 42,
  adminFee: 0,
  minPostagePrice: 0,
  fullPrice: 2900,
  priceText: null,
  pricePerPerson: false,
  closingDate: null,
  soldOut: false,
  lastChance: false,
  scope: "national",
  dealType: "product",
  image: null,
  category: { id: 2000, name: "Shop", shortName: "shop", canonicalPathType: "national" },
  subCategory: { id: 2020, name: "Fashion", shortName: "fashion" },
  business: { name: "Northern Threads Ltd", displayName: "Northern Threads" },
  location: null,
  reviewSummary: { average: null, total: 0 },
  totalBought: 12,
  display: {
    discount: true,
    showPrice: true,
    discountAmount: false,
    earlyBird: false,
    dynamicTravelDeal: false,
    clickAndCollectDeal: false,
    vipDiscountAllowed: false,
  },
  vipExclusive: false,
  lowestPriceLast30Days: 2700,
};

/** The card's text as a shopper reads it. */
function cardText(deal: DealSummary): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <DealCard deal={dealCardView(deal, "en-GB", NOW)} eager={false} />
    </MemoryRouter>,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("DealCard: the lowest price of the last 30 days", () => {
  it("shows it beside the was price, in the deal page's words", () => {
    const text = cardText(SUMMARY);
    expect(text).toContain("Was £50");
    expect(text).toContain("Lowest price in the last 30 days: £27");
  });

  it("leaves it out when it is not known", () => {
    const text = cardText({ ...SUMMARY, lowestPriceLast30Days: null });
    expect(text).toContain("Was £50");
    expect(text).not.toContain("Lowest price");
  });

  it("leaves it out with the was price when the deal shows no discount", () => {
    const text = cardText({ ...SUMMARY, display: { ...SUMMARY.display, discount: false } });
    expect(text).not.toContain("Was");
    expect(text).not.toContain("Lowest price");
  });
});

describe("DealCard: the same truths on every card", () => {
  it("gives a deal that shows its saving as an amount the same % off badge", () => {
    const mot = {
      ...SUMMARY,
      headline: "Full Body MOT Health Check",
      price: 5200,
      originalPrice: 24_799,
      discountPercentage: 79,
      display: { ...SUMMARY.display, discountAmount: true },
    };
    const text = cardText(mot);
    expect(text).toContain("£52");
    expect(text).toContain("Was £247.99");
    expect(text).toContain("79% off");
  });

  it("still shows a sold-out deal's price beside its label", () => {
    const text = cardText({ ...SUMMARY, soldOut: true });
    expect(text).toContain("Sold out");
    expect(text).toContain("£29");
    expect(text).toContain("Was £50");
    expect(text).toContain("42% off");
  });
});
