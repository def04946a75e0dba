import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ListingFilters } from "../components/ListingFilters.tsx";
import { type ListingFilters as Filters, SORT_CHOICES } from "./listing-filters.server.ts";
import { listingFiltersHtml } from "./listing-filters-html.ts";
import { createStaticMarkup } from "./static-markup.server.ts";
import { StaticMarkupContext } from "./static-markup.ts";

const FILTERS: Filters = {
  action: "/deals/london",
  kept: [],
  sorts: SORT_CHOICES,
  sort: "popularity",
  prices: [
    { value: "0", label: "£0" },
    { value: "10", label: "£10" },
    { value: "1000", label: "£1,000" },
  ],
  minPrice: "",
  maxPrice: "",
  facets: [
    {
      param: "categories",
      legend: "Category",
      options: [
        { value: "food-and-drink", label: "Food & Drink", count: 975, checked: false },
        { value: "beauty-and-spa", label: "Beauty & Spa", count: 970, checked: false },
      ],
    },
    { param: "vip", legend: "VIP", options: [{ value: "true", label: "VIP deals only", checked: false }] },
  ],
  stay: null,
  active: 0,
  clearHref: "/deals/london",
};

/** ListingFilters as React writes it on a page that hydrates, less the router's discovery mark. */
function reactFilters(filters: Filters, plain = false): string {
  return renderToStaticMarkup(
    <StaticMarkupContext.Provider value={plain ? createStaticMarkup() : null}>
      <MemoryRouter>
        <ListingFilters filters={filters} />
      </MemoryRouter>
    </StaticMarkupContext.Provider>,
  ).replaceAll(' data-discover="true"', "");
}

const inDetails = (html: string) => `<details class="filters" open="">${html}</details>`;

describe("listingFiltersHtml", () => {
  it.each<[string, Filters]>([
    ["a listing's first page", FILTERS],
    [
      "a sort, a price range, checked facets and kept fields",
      {
        ...FILTERS,
        kept: [
          ["q", `fish & "chips"`],
          ["giftFor", "her"],
        ],
        sort: "discount",
        minPrice: "10",
        maxPrice: "1000",
        facets: [
          {
            ...FILTERS.facets[0]!,
            options: FILTERS.facets[0]!.options.map((option, i) => ({ ...option, checked: i === 1 })),
          },
          FILTERS.facets[1]!,
        ],
        active: 3,
        clearHref: "/deals/london?q=fish+%26+chips",
      },
    ],
    [
      "travel dates",
      {
        ...FILTERS,
        action: "/deals/escapes",
        stay: {
          checkIn: "2026-12-10",
          nights: "2",
          guests: "2",
          min: "2026-12-05",
          nightOptions: [1, 2, 3],
          guestOptions: [1, 2, 4],
        },
        active: 1,
        clearHref: "/deals/escapes",
      },
    ],
    [
      "text that must be escaped",
      {
        ...FILTERS,
        action: `/search?q="><script>`,
        facets: [
          {
            param: "f_type",
            legend: `Type <of> "deal"`,
            options: [{ value: `a"b`, label: "O'Brien's & co", count: 2, checked: true }],
          },
        ],
      },
    ],
  ])("writes %s as ListingFilters does", (_, filters) => {
    expect(inDetails(listingFiltersHtml(filters))).toBe(reactFilters(filters));
  });

  it("is what ListingFilters writes on a plain page", () => {
    const filters = { ...FILTERS, sort: "discount", active: 1 };
    expect(reactFilters(filters, true)).toBe(reactFilters(filters));
    expect(reactFilters(filters, true)).toContain('<a href="/deals/london">Clear filters</a>');
  });
});
