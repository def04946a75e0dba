import { TRAVEL_HOVER_DELAY_MS } from "@deals/domain/constants";
import { useLocation } from "react-router";
import { travelDatesSearch } from "../lib/listing-search.ts";
import { travelMenuLabel } from "../lib/navigation.ts";
import type { TravelMenu as Menu } from "../lib/travel-menu.server.ts";
import { Link } from "./Link.tsx";
import { ChevronIcon } from "./NavIcons.tsx";

/**
 * The travel sub-menu, on travel pages only (product.md §2 "Header navigation"). Large
 * screens: a row per group, its destinations opening at once on hover in two columns.
 * Small screens: an accordion titled with the current destination or "All travel deals".
 */
export function TravelMenu({ menu }: { menu: Menu }) {
  const { pathname, search } = useLocation();
  // The shopper's travel dates go with them to another destination.
  const dates = travelDatesSearch(new URLSearchParams(search));
  const to = (url: string) => (dates ? `${url}?${dates}` : url);
  return (
    <nav className="travel-menu" aria-label="Travel">
      <ul className="travel-menu__rows" data-hover-delay={TRAVEL_HOVER_DELAY_MS}>
        {menu.groups.map((group) => (
          <li key={group.id} className="travel-menu__row" data-nav-item>
            <Link to={to(group.url)} className="travel-menu__group" data-nav-link>
              {group.name}
            </Link>
            {group.items.length > 0 && (
              <>
                <button
                  type="button"
                  className="nav-toggle"
                  aria-expanded="false"
                  aria-controls={`travel-panel-${group.id}`}
                  data-nav-toggle
                >
                  <ChevronIcon />
                  <span className="visually-hidden">{group.name} destinations</span>
                </button>
                <div id={`travel-panel-${group.id}`} className="nav-panel travel-menu__panel" data-nav-panel>
                  <ul className="travel-menu__columns">
                    {group.items.map((item) => (
                      <li key={item.url}>
                        <Link to={to(item.url)}>{item.name}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {/* A new page starts with the accordion closed. */}
      <details key={pathname} className="travel-menu__accordion">
        <summary>{travelMenuLabel(menu.groups, pathname)}</summary>
        <ul>
          <li>
            <Link to={to(menu.allUrl)}>All travel deals</Link>
          </li>
          {menu.groups.map((group) => (
            <li key={group.id}>
              <details>
                <summary>{group.name}</summary>
                <ul>
                  <li>
                    <Link to={to(group.url)}>All {group.name}</Link>
                  </li>
                  {group.items.map((item) => (
                    <li key={item.url}>
                      <Link to={to(item.url)}>{item.name}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
