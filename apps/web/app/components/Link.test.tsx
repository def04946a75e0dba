import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type LinkProps, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { createStaticMarkup } from "../lib/static-markup.server.ts";
import { StaticMarkupContext } from "../lib/static-markup.ts";
import { Link } from "./Link.tsx";

/** `part` as a page in the router writes it, at `/deals/london/spa`. */
function routed(part: ReactElement, plain: boolean): string {
  const page = <MemoryRouter initialEntries={["/deals/london/spa"]}>{part}</MemoryRouter>;
  if (!plain) return renderToStaticMarkup(page);
  return renderToStaticMarkup(
    <StaticMarkupContext.Provider value={createStaticMarkup()}>{page}</StaticMarkupContext.Provider>,
  );
}

const withoutDiscovery = (html: string) => html.replaceAll(' data-discover="true"', "");

describe("Link", () => {
  const links: Record<string, () => ReactElement> = {
    "a path": () => <Link to="/deals/london?page=2#top">Next</Link>,
    "attributes and children": () => (
      <Link to="/basket" className="header-basket" aria-label="Basket, 2 items" rel="nofollow" target="_top">
        <span>Basket</span>
      </Link>
    ),
    "router-only settings": () => (
      <Link to="/login" prefetch="none" replace state={{ from: "x" }} discover="none" />
    ),
  };

  for (const [name, link] of Object.entries(links)) {
    it(`writes on a plain page the anchor the router writes (${name}), less its route-discovery mark`, () => {
      const plain = routed(link(), true);
      expect(plain).toBe(withoutDiscovery(routed(link(), false)));
      expect(plain).not.toContain("data-discover");
    });
  }

  it("leaves to the router what it resolves: a relative path, a path object, a lone ? or #", () => {
    // Outside any route, the router resolves a relative path from the root.
    const cases: [LinkProps["to"], string][] = [
      ["massages", 'href="/massages"'],
      ["..", 'href="/"'],
      [{ pathname: "/deals/leeds", search: "?sort=price" }, 'href="/deals/leeds?sort=price"'],
      ["/search?", 'href="/search"'],
      ["/search#", 'href="/search"'],
    ];
    for (const [to, href] of cases) {
      const link = <Link to={to}>Deals</Link>;
      expect(routed(link, true)).toContain(href);
      expect(routed(link, true)).toBe(routed(link, false));
    }
  });

  it("keeps the router's link on a page that hydrates", () => {
    expect(routed(<Link to="/deals/london">London</Link>, false)).toBe(
      '<a href="/deals/london" data-discover="true">London</a>',
    );
  });
});
