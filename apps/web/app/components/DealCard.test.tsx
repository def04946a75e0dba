import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { dealSummary } from "../../../../tests/support/deal-summary.ts";
import type { DealSummary } from "../lib/api-types.ts";
import { dealCardView } from "../lib/listing.server.ts";
import { DealCard } from "./DealCard.tsx";

const NOW = new Date("2026-06-15T10:00:00Z");

const SUMMARY = dealSummary();

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
