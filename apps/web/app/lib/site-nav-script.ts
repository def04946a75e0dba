/**
 * The header navigation's behaviour (product.md §2 "Header navigation"), as one small island
 * (islands/site-nav.ts) so it works the same on hydrated pages and on the plain deal page: popovers open on
 * hover after a delay (none in the travel menu) or by their toggle button; the More entry
 * holds what does not fit (hover opens it only on large screens); the selected entry is
 * scrolled into view; arrows show while the row scrolls; Escape closes, arrow keys move.
 * Without it the navigation still works: CSS opens popovers on hover and focus.
 *
 * It listens on the document and marks elements with data attributes React never sets, so
 * React can re-render the header freely.
 */
import { BREAKPOINTS_PX, HOVER_DELAY_MS, NAV_VISIBLE_COUNT } from "@deals/domain/constants";

export interface SiteNavConfig {
  hoverDelayMs: number;
  /** Entries shown in the row from each width up; below the first, the row scrolls. */
  visibleCounts: { minWidth: number; count: number }[];
  /** From this width up, hovering the More entry opens it. */
  moreHoverMinWidth: number;
}

/**
 * The first width of a size: the breakpoints are the widths just below each size
 * (services.md §9: md 767.98 means md starts at 768).
 */
export const sizeStartsAt = (breakpoint: number) => Math.ceil(breakpoint);

export const SITE_NAV_CONFIG: SiteNavConfig = {
  hoverDelayMs: HOVER_DELAY_MS,
  visibleCounts: [
    { minWidth: sizeStartsAt(BREAKPOINTS_PX.md), count: NAV_VISIBLE_COUNT.md },
    { minWidth: sizeStartsAt(BREAKPOINTS_PX.lg), count: NAV_VISIBLE_COUNT.lg },
    { minWidth: sizeStartsAt(BREAKPOINTS_PX.xl), count: NAV_VISIBLE_COUNT.xl },
  ],
  moreHoverMinWidth: sizeStartsAt(BREAKPOINTS_PX.lg),
};

/**
 * How many entries the row shows: the count for the width, fewer when they do not fit.
 * `rights` are the entries' right edges measured from the row's start, in order.
 */
export function visibleEntryCount(
  width: number,
  available: number,
  rights: readonly number[],
  visibleCounts: SiteNavConfig["visibleCounts"],
): number {
  const rule = visibleCounts.filter((r) => width >= r.minWidth).at(-1);
  if (!rule) return rights.length;
  const fitting = rights.filter((right) => right <= available).length;
  return Math.min(rule.count, fitting, rights.length);
}

export function enhanceSiteNav(config: SiteNavConfig, countFor: typeof visibleEntryCount): void {
  const root = document.documentElement;
  if (root.hasAttribute("data-nav-enhanced")) return;
  root.setAttribute("data-nav-enhanced", "");

  let openItem: Element | null = null;
  let timer = 0;
  const itemOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest("[data-nav-item]") : null;
  const toggleOf = (item: Element) => item.querySelector<HTMLElement>(":scope > [data-nav-toggle]");
  const panelOf = (item: Element) => item.querySelector<HTMLElement>(":scope > [data-nav-panel]");
  const shown = (element: Element) => element.getClientRects().length > 0;

  function setOpen(item: Element, open: boolean) {
    const toggle = toggleOf(item);
    if (!toggle || !panelOf(item)) return;
    if (open && openItem && openItem !== item) setOpen(openItem, false);
    item.toggleAttribute("data-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    if (open) openItem = item;
    else if (openItem === item) openItem = null;
  }
  const hoverDelay = (item: Element) => {
    const holder = item.closest("[data-hover-delay]");
    return holder ? Number(holder.getAttribute("data-hover-delay")) : config.hoverDelayMs;
  };
  const hoverOpens = (item: Element) =>
    !item.hasAttribute("data-nav-more") ||
    window.matchMedia(`(min-width: ${config.moreHoverMinWidth}px)`).matches;

  document.addEventListener("pointerover", (event) => {
    const item = itemOf(event.target);
    if (event.pointerType !== "mouse" || !item || item.contains(event.relatedTarget as Node | null)) return;
    if (!panelOf(item) || !hoverOpens(item)) return;
    clearTimeout(timer);
    timer = window.setTimeout(() => setOpen(item, true), hoverDelay(item));
  });
  document.addEventListener("pointerout", (event) => {
    const item = itemOf(event.target);
    if (event.pointerType !== "mouse" || !item || item.contains(event.relatedTarget as Node | null)) return;
    clearTimeout(timer);
    if (hoverOpens(item)) setOpen(item, false);
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest("[data-nav-toggle]");
    const item = toggle && itemOf(toggle);
    if (item) {
      clearTimeout(timer);
      setOpen(item, !item.hasAttribute("data-open"));
      return;
    }
    if (openItem && (!openItem.contains(target) || target?.closest("a"))) setOpen(openItem, false);
    for (const details of document.querySelectorAll<HTMLDetailsElement>(
      "details[data-closes-outside][open]",
    )) {
      if (!details.contains(target) || target?.closest("a")) details.open = false;
    }
    const arrow = target?.closest<HTMLElement>("[data-nav-scroll]");
    const list = arrow?.closest("[data-site-nav]")?.querySelector("[data-nav-list]");
    if (arrow && list) {
      list.scrollBy({ left: Number(arrow.dataset.navScroll) * list.clientWidth * 0.8, behavior: "smooth" });
    }
  });

  document.addEventListener("focusout", (event) => {
    if (openItem && !openItem.contains(event.relatedTarget as Node | null)) setOpen(openItem, false);
  });

  /** Moves focus among `elements` by `key`; true when the key was one of ours. */
  function moveFocus(elements: HTMLElement[], current: Element, key: string, back: string, forward: string) {
    const at = elements.findIndex((element) => element === current || element.contains(current));
    const last = elements.length - 1;
    const next =
      key === "Home"
        ? 0
        : key === "End"
          ? last
          : key === forward
            ? (at + 1) % (last + 1)
            : key === back
              ? (at - 1 + last + 1) % (last + 1)
              : -1;
    if (next < 0 || elements.length === 0) return false;
    elements[next]?.focus();
    return true;
  }

  document.addEventListener("keydown", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (event.key === "Escape") {
      const details = target.closest<HTMLDetailsElement>("details[data-closes-outside][open]");
      if (details) {
        details.open = false;
        details.querySelector("summary")?.focus();
        event.preventDefault();
      } else if (openItem) {
        const item = openItem;
        setOpen(item, false);
        toggleOf(item)?.focus();
        event.preventDefault();
      }
      return;
    }
    const picker = target.closest("details[data-closes-outside]");
    if (picker && target.closest("[data-roving]")) {
      const options = [...picker.querySelectorAll<HTMLElement>("[data-roving] button")];
      if (moveFocus(options, target, event.key, "ArrowUp", "ArrowDown")) event.preventDefault();
      return;
    }
    const item = itemOf(target);
    if (!item) return;
    const panel = panelOf(item);
    if (panel?.contains(target)) {
      const links = [...panel.querySelectorAll<HTMLElement>("a")].filter(shown);
      if (moveFocus(links, target, event.key, "ArrowUp", "ArrowDown")) event.preventDefault();
      return;
    }
    if (event.key === "ArrowDown" && panel) {
      setOpen(item, true);
      [...panel.querySelectorAll<HTMLElement>("a")].find(shown)?.focus();
      event.preventDefault();
      return;
    }
    const row = item.parentElement;
    if (!row || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    const entries = [...row.children]
      .filter(shown)
      .map((entry) => entry.querySelector<HTMLElement>("[data-nav-link], [data-nav-toggle]"))
      .filter((entry): entry is HTMLElement => entry !== null);
    if (moveFocus(entries, target, event.key, "ArrowLeft", "ArrowRight")) event.preventDefault();
  });

  function updateArrows(nav: Element, list: HTMLElement) {
    const scrollable = list.scrollWidth > list.clientWidth + 1;
    for (const arrow of nav.querySelectorAll<HTMLElement>("[data-nav-scroll]")) {
      const back = Number(arrow.dataset.navScroll) < 0;
      arrow.hidden =
        !scrollable ||
        (back ? list.scrollLeft <= 0 : list.scrollLeft + list.clientWidth >= list.scrollWidth - 1);
    }
  }

  function layOut(nav: Element) {
    const list = nav.querySelector<HTMLElement>("[data-nav-list]");
    if (!list) return;
    const entries = [...list.children].filter((entry) => !entry.hasAttribute("data-nav-more"));
    const more = list.querySelector("[data-nav-more]");
    // Measure every entry in one row, with the More entry taking its room at the end.
    nav.setAttribute("data-measuring", "");
    const start = list.getBoundingClientRect().left;
    const rights = entries.map((entry) => entry.getBoundingClientRect().right - start);
    const available = list.clientWidth - (more?.getBoundingClientRect().width ?? 0);
    nav.removeAttribute("data-measuring");
    const count = countFor(window.innerWidth, available, rights, config.visibleCounts);
    for (const [i, entry] of entries.entries()) entry.toggleAttribute("data-overflow", i >= count);
    for (const [i, copy] of [...nav.querySelectorAll("[data-nav-overflow-item]")].entries()) {
      copy.toggleAttribute("data-overflow", i >= count);
    }
    nav.toggleAttribute("data-has-overflow", count < entries.length);
    nav.setAttribute("data-measured", "");
    // The selected entry in view, when the row scrolls.
    const current = list.querySelector<HTMLElement>(":scope > :not([data-overflow]) [aria-current]");
    if (current && list.scrollWidth > list.clientWidth) {
      const box = current.getBoundingClientRect();
      list.scrollLeft += box.left - list.getBoundingClientRect().left - (list.clientWidth - box.width) / 2;
    }
    updateArrows(nav, list);
    if (!list.hasAttribute("data-nav-watched")) {
      list.setAttribute("data-nav-watched", "");
      list.addEventListener("scroll", () => updateArrows(nav, list), { passive: true });
    }
  }

  let frame = 0;
  const refresh = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      for (const nav of document.querySelectorAll("[data-site-nav]")) layOut(nav);
    });
  };
  refresh();
  window.addEventListener("resize", refresh);
  document.fonts?.ready.then(refresh);
  // The header re-renders on client navigation: lay out again when its entries change.
  const header = document.querySelector("[data-site-header]");
  if (header) {
    new MutationObserver(refresh).observe(header, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["aria-current", "href"],
    });
  }
}
