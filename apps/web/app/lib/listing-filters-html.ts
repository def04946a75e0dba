/**
 * A listing's filter form as text, the markup ListingFilters renders on a page that hydrates,
 * for plain pages: what goes inside its `<details class="filters">`. The test beside this file
 * holds the two to the same markup. React writes an input's name, then whether it is checked,
 * then its value, after its other attributes; the text does the same.
 */
import { escapeHtml } from "./html-text.ts";
import type { ListingFilters } from "./listing-filters.server.ts";
import { PRICE_BOUNDS, SORT_FIELD } from "./listing-search.ts";

function optionsHtml(options: readonly { value: string; label: string }[], selected: string): string {
  let html = "";
  for (const { value, label } of options) {
    const chosen = value === selected ? ' selected=""' : "";
    html += `<option value="${escapeHtml(value)}"${chosen}>${escapeHtml(label)}</option>`;
  }
  return html;
}

function selectHtml(name: string, label: string, options: string): string {
  return (
    `<div class="filters__field"><label for="filter-${name}">${label}</label>` +
    `<select id="filter-${name}" name="${name}">${options}</select></div>`
  );
}

function stayHtml(stay: NonNullable<ListingFilters["stay"]>): string {
  const counted = (numbers: readonly number[], unit: (n: number) => string) =>
    numbers.map((n) => ({ value: String(n), label: `${n} ${unit(n)}` }));
  return (
    '<fieldset class="filters__row filters__stay"><legend>Travel dates</legend>' +
    '<div class="filters__field"><label for="filter-checkIn">Check-in</label>' +
    `<input id="filter-checkIn" type="date" min="${escapeHtml(stay.min)}" name="checkIn" value="${escapeHtml(stay.checkIn)}"/></div>` +
    selectHtml(
      "nights",
      "Nights",
      optionsHtml(
        counted(stay.nightOptions, (n) => (n === 1 ? "night" : "nights")),
        stay.nights,
      ),
    ) +
    selectHtml(
      "guests",
      "Guests",
      optionsHtml(
        counted(stay.guestOptions, () => "guests"),
        stay.guests,
      ),
    ) +
    "</fieldset>"
  );
}

function facetsHtml(facets: ListingFilters["facets"]): string {
  let html = "";
  for (const group of facets) {
    html += `<fieldset class="filters__facet"><legend>${escapeHtml(group.legend)}</legend><ul>`;
    const name = escapeHtml(group.param);
    for (const option of group.options) {
      const checked = option.checked ? ' checked=""' : "";
      const count =
        option.count === undefined ? "" : `<span class="filters__count"> (${option.count})</span>`;
      html +=
        `<li><label><input type="checkbox" name="${name}"${checked} value="${escapeHtml(option.value)}"/> ` +
        `${escapeHtml(option.label)}${count}</label></li>`;
    }
    html += "</ul></fieldset>";
  }
  return html;
}

/** The summary and the form. */
export function listingFiltersHtml(filters: ListingFilters): string {
  const on = filters.active > 0 ? ` (${filters.active} on)` : "";
  let kept = "";
  for (const [name, value] of filters.kept)
    kept += `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}"/>`;
  const sorts = filters.sorts.map((sort) => ({ value: sort.id, label: sort.label }));
  let prices = "";
  for (const { name, label } of PRICE_BOUNDS)
    prices += selectHtml(
      name,
      label,
      optionsHtml([{ value: "", label: "Any" }, ...filters.prices], filters[name]),
    );
  const clear = filters.active > 0 ? `<a href="${escapeHtml(filters.clearHref)}">Clear filters</a>` : "";
  return (
    `<summary class="filters__summary">Sort and filter${on}</summary>` +
    `<form class="filters__form" aria-label="Sort and filter deals" action="${escapeHtml(filters.action)}" method="get">` +
    kept +
    `<div class="filters__row">${selectHtml(SORT_FIELD, "Sort by", optionsHtml(sorts, filters.sort))}${prices}</div>` +
    (filters.stay ? stayHtml(filters.stay) : "") +
    facetsHtml(filters.facets) +
    `<div class="filters__actions"><button type="submit" class="button">Apply</button>${clear}</div>` +
    "</form>"
  );
}
