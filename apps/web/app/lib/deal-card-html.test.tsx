import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DealCard } from "../components/DealCard.tsx";
import { DealCardList } from "../components/DealCardList.tsx";
import { WishedDealIds } from "../components/WishlistHeart.tsx";
import { dealCardHtml } from "./deal-card-html.ts";
import type { DealCardView } from "./listing.server.ts";
import type { PriceView } from "./price-view.server.ts";
import { createStaticMarkup } from "./static-markup.server.ts";
import { StaticMarkupContext } from "./static-markup.ts";

const PAGE = "/deals/london?page=2&q=fish+%26+chips";

const PRICE: PriceView = {
  hidden: false,
  full: "£30.99",
  base: "£29",
  fees: [],
  was: null,
  discount: null,
  perPerson: false,
  vip: null,
  lowest: null,
};

const CARD: DealCardView = {
  id: 7,
  urlPath: "/deal/food-and-drink/restaurants/steakhouse/7/steak-for-2",
  headline: "Steak for 2",
  image: { id: "food-7-1", extension: "svg", alt: "Steak for 2", url: "/images/food-7-1.svg" },
  location: "London",
  stockLabel: null,
  price: PRICE,
};

/**
 * DealCard's markup as the server sends it, without React's text separators, route hints and
 * the picture preload React hoists into the head.
 */
function reactCard(deal: DealCardView, eager: boolean, wished = false): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[PAGE]}>
      <WishedDealIds.Provider value={wished ? [deal.id] : []}>
        <DealCard deal={deal} eager={eager} />
      </WishedDealIds.Provider>
    </MemoryRouter>,
  )
    .replace(/^<link rel="preload"[^>]*>/, "")
    .replaceAll("<!-- -->", "")
    .replaceAll(' data-discover="true"', "");
}

describe("dealCardHtml", () => {
  it.each<[string, DealCardView, boolean]>([
    ["a plain price", CARD, false],
    ["an eager picture", CARD, true],
    [
      "fees, a was price, the lowest price and a discount",
      {
        ...CARD,
        price: {
          ...PRICE,
          fees: ["£1.99 admin fee", "£2.99 postage"],
          was: "£59",
          lowest: "£27",
          discount: { percent: 45, indicative: false },
        },
      },
      false,
    ],
    [
      "an indicative discount per person",
      {
        ...CARD,
        price: { ...PRICE, was: "£80", perPerson: true, discount: { percent: 30, indicative: true } },
      },
      false,
    ],
    [
      "a hidden price, no picture, no location",
      { ...CARD, image: null, location: null, price: { ...PRICE, hidden: true } },
      false,
    ],
    ["a distance and a stock label", { ...CARD, distance: "1.2 km away", stockLabel: "Selling fast" }, false],
    ["a travel stay's price", { ...CARD, stayPrice: "£299 for 2 nights, 2 guests" }, false],
    [
      "text that must be escaped",
      {
        ...CARD,
        headline: `Fish & "chips" <b>for</b> O'Brien's`,
        image: { ...CARD.image!, alt: `"><img src=x onerror=alert(1)>` },
      },
      false,
    ],
  ])("renders %s as DealCard does", (_, deal, eager) => {
    expect(dealCardHtml(deal, eager, false)).toBe(reactCard(deal, eager));
  });

  it("renders a wished deal's heart pressed as DealCard does", () => {
    expect(dealCardHtml(CARD, false, true)).toBe(reactCard(CARD, false, true));
  });
});

describe("DealCard on a plain page", () => {
  const plainCard = (deal: DealCardView, eager: boolean, wished = false) =>
    renderToStaticMarkup(
      <StaticMarkupContext.Provider value={createStaticMarkup()}>
        <MemoryRouter initialEntries={[PAGE]}>
          <WishedDealIds.Provider value={wished ? [deal.id] : []}>
            <DealCard deal={deal} eager={eager} />
          </WishedDealIds.Provider>
        </MemoryRouter>
      </StaticMarkupContext.Provider>,
    );

  it("writes the card as text, the markup React writes", () => {
    expect(plainCard(CARD, false)).toBe(reactCard(CARD, false));
    expect(plainCard(CARD, false, true)).toBe(reactCard(CARD, false, true));
  });

  it("preloads an eager card's picture, as React does for its image", () => {
    const preload = '<link rel="preload" as="image" href="/images/food-7-1.svg"/>';
    expect(plainCard(CARD, true)).toBe(`${preload}${reactCard(CARD, true)}`);
    expect(plainCard(CARD, false)).not.toContain("preload");
  });
});

describe("DealCardList on a plain page", () => {
  const DEALS: DealCardView[] = [
    CARD,
    { ...CARD, id: 8, headline: "Fish & chips", image: null },
    { ...CARD, id: 9, image: { ...CARD.image!, id: "food-9-1", url: "/images/food-9-1.svg" } },
  ];
  const list = (plain: boolean, eagerCards: number, listing: boolean) =>
    renderToStaticMarkup(
      <StaticMarkupContext.Provider value={plain ? createStaticMarkup() : null}>
        <MemoryRouter initialEntries={[PAGE]}>
          <WishedDealIds.Provider value={[9]}>
            <DealCardList
              className="deal-grid"
              deals={DEALS}
              eagerCards={eagerCards}
              listingCount={listing ? 3 : undefined}
            />
          </WishedDealIds.Provider>
        </MemoryRouter>
      </StaticMarkupContext.Provider>,
    )
      .replaceAll("<!-- -->", "")
      .replaceAll(' data-discover="true"', "");

  it.each([
    ["lazy pictures", 0, false],
    ["a listing's grid, the first two pictures eager", 2, true],
  ] as const)("writes %s as text, the markup React writes", (_, eagerCards, listing) => {
    const plain = list(true, eagerCards, listing);
    expect(plain).toBe(list(false, eagerCards, listing));
    expect(plain.includes('<ul class="deal-grid" data-listing-grid="true" data-count="3">')).toBe(listing);
    expect(plain.includes('<li data-deal-id="9">')).toBe(listing);
    expect(plain).toContain('aria-pressed="true" aria-label="Wishlist: Steak for 2"');
    expect(plain.match(/<li[ >]/g)).toHaveLength(3);
  });

  it("preloads only the eager cards' pictures", () => {
    const preloads = (html: string) => html.match(/<link rel="preload" as="image" href="([^"]+)"\/>/g) ?? [];
    expect(preloads(list(true, 0, false))).toEqual([]);
    expect(preloads(list(true, 2, false))).toEqual([
      '<link rel="preload" as="image" href="/images/food-7-1.svg"/>',
    ]);
    expect(preloads(list(true, 3, false))).toEqual(preloads(list(false, 3, false)));
    expect(preloads(list(true, 3, false))).toHaveLength(2);
  });
});
