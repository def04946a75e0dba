import { BRANDS } from "@deals/domain/brand";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LocationPicker } from "../components/LocationPicker.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteNav } from "../components/SiteNav.tsx";
import { Tiles } from "../components/Tiles.tsx";
import type { NavItem, Tile } from "./api-types.ts";
import { createStaticMarkup } from "./static-markup.server.ts";
import { partKey, StaticMarkupContext } from "./static-markup.ts";

const item = (id: number, url: string, subNavigations: NavItem[] = []): NavItem => ({
  id,
  shortName: url.split("/").at(-1)!,
  linkText: `Entry ${id}`,
  url,
  isLocal: false,
  isLocalLink: false,
  subNavigations,
});

const ITEMS = [
  item(1, "/deals/london", [item(11, "/deals/london/restaurants"), item(12, "/deals/london/spa")]),
  item(2, "/deals/shop"),
  item(3, "/deals/escapes", [item(31, "/deals/escapes/uk")]),
];

describe("createStaticMarkup", () => {
  it("writes a part once per key and hands back the same HTML after", () => {
    const markup = createStaticMarkup();
    let renders = 0;
    const part = (text: string) => () => {
      renders += 1;
      return <p>{text}</p>;
    };
    expect(markup("a", part("first"))).toBe("<p>first</p>");
    expect(markup("a", part("ignored: the key was written"))).toBe("<p>first</p>");
    expect(markup("b", part("second"))).toBe("<p>second</p>");
    expect(renders).toBe(2);
  });

  it("drops the oldest part once it holds its most", () => {
    const markup = createStaticMarkup(2);
    let renders = 0;
    const part = () => {
      renders += 1;
      return <br />;
    };
    markup("a", part);
    markup("b", part);
    markup("c", part);
    markup("b", part);
    expect(renders).toBe(3);
    markup("a", part);
    expect(renders).toBe(4);
  });
});

describe("partKey", () => {
  it("names a part by its input's content, and hands back the same key for the same input", () => {
    const items = [{ id: 1 }, { id: 2 }];
    const key = partKey("menu:1", items);
    expect(key).toBe('menu:1:[{"id":1},{"id":2}]');
    expect(partKey("menu:1", items)).toBe(key);
    expect(partKey("menu:2", items)).toBe('menu:2:[{"id":1},{"id":2}]');
    // A list with the same entries, from a later answer, finds the part written before.
    expect(partKey("menu:1", [{ id: 1 }, { id: 2 }])).toBe(key);
    expect(partKey("menu:1", [{ id: 1 }])).not.toBe(key);
  });
});

describe("SiteNav on a plain page", () => {
  const props = { items: ITEMS, selectedId: 2, showVipIcon: false, localPending: false };
  const routed = renderToStaticMarkup(
    <MemoryRouter>
      <SiteNav {...props} />
    </MemoryRouter>,
  );

  it("writes the menus the router-linked ones write, links and all", () => {
    const plain = renderToStaticMarkup(
      <StaticMarkupContext.Provider value={createStaticMarkup()}>
        <SiteNav {...props} />
      </StaticMarkupContext.Provider>,
    );
    // The router marks its links for route discovery, which a page without the router has no use for.
    expect(plain).toBe(routed.replaceAll(' data-discover="true"', ""));
    expect(plain).toContain('<a href="/deals/london/spa">Entry 12</a>');
    expect(plain).toContain(
      '<a class="site-nav__link" aria-current="page" data-nav-link="true" href="/deals/shop">',
    );
  });

  it("writes them again when the entries change", () => {
    const markup = createStaticMarkup();
    const render = (items: NavItem[]) =>
      renderToStaticMarkup(
        <StaticMarkupContext.Provider value={markup}>
          <SiteNav {...props} items={items} />
        </StaticMarkupContext.Provider>,
      );
    expect(render(ITEMS)).not.toContain("/deals/gifts");
    expect(render([...ITEMS, item(4, "/deals/gifts")])).toContain('href="/deals/gifts"');
    expect(render(ITEMS)).not.toContain("/deals/gifts");
  });

  it("writes them again for another selected entry, the entries unchanged", () => {
    const markup = createStaticMarkup();
    const render = (changed: Partial<typeof props>) =>
      renderToStaticMarkup(
        <StaticMarkupContext.Provider value={markup}>
          <SiteNav {...props} {...changed} />
        </StaticMarkupContext.Provider>,
      );
    const shop = '<a class="site-nav__link" aria-current="page" data-nav-link="true" href="/deals/shop">';
    expect(render({})).toContain(shop);
    expect(render({ selectedId: 1 })).not.toContain(shop);
    expect(render({ selectedId: 1 })).toContain(
      'aria-current="page" data-nav-link="true" href="/deals/london"',
    );
  });
});

/** A part as a page with the router writes it, less the router's route-discovery marks. */
function routedMarkup(part: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element: part }]);
  return renderToStaticMarkup(<RouterProvider router={router} />).replaceAll(' data-discover="true"', "");
}

function plainMarkup(markup: ReturnType<typeof createStaticMarkup>, part: ReactElement): string {
  return renderToStaticMarkup(
    <StaticMarkupContext.Provider value={markup}>{part}</StaticMarkupContext.Provider>,
  );
}

describe("LocationPicker on a plain page", () => {
  const locations = [
    { shortName: "london", name: "London" },
    { shortName: "leeds", name: "Leeds" },
  ];
  const picker = (current: string, list = locations) => (
    <LocationPicker current={list.find((l) => l.shortName === current)!} locations={list} pending={false} />
  );

  it("writes the picker the router's form writes: a post to /location per location", () => {
    const plain = plainMarkup(createStaticMarkup(), picker("leeds"));
    expect(plain).toBe(routedMarkup(picker("leeds")));
    expect(plain).toContain(
      '<form aria-labelledby="location-picker-title" action="/location" method="post">',
    );
    expect(plain).toContain(
      '<button type="submit" value="leeds" aria-current="true" name="shortName">Leeds</button>',
    );
  });

  it("writes it again for another location or another list", () => {
    const markup = createStaticMarkup();
    expect(plainMarkup(markup, picker("leeds"))).toContain('value="leeds" aria-current="true"');
    expect(plainMarkup(markup, picker("london"))).toContain('value="london" aria-current="true"');
    const more = [...locations, { shortName: "york", name: "York" }];
    expect(plainMarkup(markup, picker("london", more))).toContain(">York</button>");
    expect(plainMarkup(markup, picker("london"))).not.toContain("York");
  });
});

describe("SiteFooter on a plain page", () => {
  it("writes each brand's own footer, as the router-linked page does", () => {
    const markup = createStaticMarkup();
    for (const brand of Object.values(BRANDS)) {
      const plain = plainMarkup(markup, <SiteFooter brand={brand} />);
      expect(plain).toBe(routedMarkup(<SiteFooter brand={brand} />));
      expect(plain).toContain(`<a href="mailto:${brand.supportEmail}">`);
    }
  });
});

describe("Tiles on a plain page", () => {
  const tile = (id: number, title: string, url: string): Tile => ({
    id,
    title,
    url,
    image: { id: `tile-${id}`, url: `/images/tile-${id}.svg` },
    selected: false,
  });
  const TILES = [tile(1, "Food & Drink", "/deals/london/food-and-drink"), tile(2, "Gifts", "/gifts")];

  it("writes the tiles the router-linked ones write, once per answer", () => {
    const markup = createStaticMarkup();
    const plain = plainMarkup(markup, <Tiles tiles={TILES} />);
    expect(plain).toBe(routedMarkup(<Tiles tiles={TILES} />));
    expect(plain).toContain(
      '<a class="tile" href="/deals/london/food-and-drink"><img src="/images/tile-1.svg"',
    );
    expect(plain).toContain("<span>Food &amp; Drink</span>");
    const other = [...TILES, tile(3, "Escapes", "/deals/escapes")];
    expect(plainMarkup(markup, <Tiles tiles={other} />)).toContain('href="/deals/escapes"');
    expect(plainMarkup(markup, <Tiles tiles={TILES} />)).not.toContain("Escapes");
  });
});
