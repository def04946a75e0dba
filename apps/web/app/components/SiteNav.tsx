import { NAV_VISIBLE_COUNT } from "@deals/domain/constants";
import type { ComponentProps } from "react";
import type { NavItem } from "../lib/api-types.ts";
import { type NavIcon, navItemIcon } from "../lib/navigation.ts";
import { partKey, useStaticMarkup } from "../lib/static-markup.ts";
import { Link } from "./Link.tsx";
import { ArrowIcon, ChevronIcon, GiftIcon, VipIcon } from "./NavIcons.tsx";

interface SiteNavProps {
  items: NavItem[];
  selectedId: number | null;
  /** Non-VIP shoppers, once the auth check finished, see the VIP entry's icon. */
  showVipIcon: boolean;
  /** The local entry's name is not known until the page mounts: show a placeholder. */
  localPending: boolean;
}

type EntriesProps = SiteNavProps & {
  /** Written outside the router, for a plain page: plain links. */
  plain: boolean;
};

/** A menu link: the router's on a hydrated page, a plain one on a plain page (no router there). */
function EntryLink({ plain, to, ...props }: ComponentProps<typeof Link> & { to: string; plain: boolean }) {
  return plain ? <a {...props} href={to} /> : <Link to={to} {...props} />;
}

function Icon({ icon }: { icon: NavIcon | null }) {
  if (icon === "gift") return <GiftIcon />;
  if (icon === "vip") return <VipIcon />;
  return null;
}

function EntryText({ item, localPending }: { item: NavItem; localPending: boolean }) {
  if (!(item.isLocalLink && localPending)) return <>{item.linkText}</>;
  return (
    <>
      <span className="skeleton" aria-hidden="true" />
      <span className="visually-hidden">Local deals</span>
    </>
  );
}

/**
 * The category row (product.md §2 "Header navigation"). Entries beyond the count for the
 * screen size move into the More entry: CSS does it by position for the sizes, and the
 * header script (lib/site-nav-script.ts) measures to move more when they do not fit.
 */
export function SiteNav(props: SiteNavProps) {
  const staticMarkup = useStaticMarkup();
  const moreAt = (Object.keys(NAV_VISIBLE_COUNT) as (keyof typeof NAV_VISIBLE_COUNT)[]).filter(
    (size) => props.items.length > NAV_VISIBLE_COUNT[size],
  );
  const navProps = {
    className: ["site-nav", ...moreAt.map((size) => `site-nav--more-${size}`)].join(" "),
    "aria-label": "Categories",
    "data-site-nav": true,
  };
  if (staticMarkup) {
    // A plain page: the same menus on every page of the location, written once (static-markup.server.ts).
    const { items, selectedId, showVipIcon, localPending } = props;
    const key = partKey(`site-nav:${selectedId}:${showVipIcon}:${localPending}`, items);
    const html = staticMarkup(key, () => <SiteNavEntries {...props} plain />);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of SiteNavEntries
    return <nav {...navProps} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <nav {...navProps}>
      <SiteNavEntries {...props} plain={false} />
    </nav>
  );
}

function SiteNavEntries({ items, selectedId, showVipIcon, localPending, plain }: EntriesProps) {
  return (
    <>
      <button
        type="button"
        className="site-nav__arrow site-nav__arrow--back"
        data-nav-scroll="-1"
        tabIndex={-1}
        aria-label="Scroll categories back"
        hidden
      >
        <ArrowIcon direction="left" />
      </button>
      <ul className="site-nav__list" data-nav-list>
        {items.map((item) => {
          const panelId = `nav-panel-${item.id}`;
          const icon = navItemIcon(item, showVipIcon);
          return (
            <li key={item.id} className="site-nav__item" data-nav-item>
              <EntryLink
                plain={plain}
                to={item.url}
                className="site-nav__link"
                aria-current={item.id === selectedId ? "page" : undefined}
                data-nav-link
              >
                <Icon icon={icon} />
                <EntryText item={item} localPending={localPending} />
              </EntryLink>
              {item.subNavigations.length > 0 && (
                <>
                  <button
                    type="button"
                    className="nav-toggle"
                    aria-expanded="false"
                    aria-controls={panelId}
                    data-nav-toggle
                  >
                    <ChevronIcon />
                    <span className="visually-hidden">More in {item.linkText}</span>
                  </button>
                  <div id={panelId} className="nav-panel" data-nav-panel>
                    <ul>
                      {item.subNavigations.map((sub) => (
                        <li key={sub.id}>
                          <EntryLink plain={plain} to={sub.url}>
                            {sub.linkText}
                          </EntryLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                </>
              )}
            </li>
          );
        })}
        <li className="site-nav__item site-nav__more" data-nav-item data-nav-more>
          <button
            type="button"
            className="site-nav__more-toggle"
            aria-expanded="false"
            aria-controls="nav-more-panel"
            data-nav-toggle
          >
            More +
          </button>
          <div id="nav-more-panel" className="nav-panel nav-panel--end" data-nav-panel>
            <ul>
              {items.map((item) => (
                <li key={item.id} className="site-nav__more-item" data-nav-overflow-item>
                  <EntryLink
                    plain={plain}
                    to={item.url}
                    aria-current={item.id === selectedId ? "page" : undefined}
                  >
                    <Icon icon={navItemIcon(item, showVipIcon)} />
                    <EntryText item={item} localPending={localPending} />
                  </EntryLink>
                </li>
              ))}
            </ul>
          </div>
        </li>
      </ul>
      <button
        type="button"
        className="site-nav__arrow site-nav__arrow--forward"
        data-nav-scroll="1"
        tabIndex={-1}
        aria-label="Scroll categories forward"
        hidden
      >
        <ArrowIcon direction="right" />
      </button>
    </>
  );
}
