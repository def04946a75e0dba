/**
 * The query string a listing's filter form asks for (product.md §2 "Routes": listing query
 * parameters). The form names the sort by its option id; the URL carries the spec's orderBy
 * and order instead, and drops empty fields, so a filtered page has one shareable address.
 * Used by the server (to tidy a form submitted without JavaScript) and by the browser (to
 * navigate straight to the tidy address), so nothing here may import zod.
 */

/** The form field that names the chosen sort option. */
export const SORT_FIELD = "sort";

/** The two ends of the price range, each a select over the same price list. */
export const PRICE_BOUNDS = [
  { name: "minPrice", label: "Price from" },
  { name: "maxPrice", label: "Price to" },
] as const;

/** A sort option as the form offers it: the query parameters it stands for. */
export interface SortChoice {
  id: string;
  label: string;
  /** `{}` for the default sort, which needs no parameters. */
  params: Record<string, string>;
}

/** Parameters the form sets itself: a submitted form replaces them all. */
const SORT_PARAMS = ["orderBy", "order"];

/** The travel date fields that only count with a check-in date. */
const STAY_EXTRA_FIELDS = ["checkOut", "nights", "guests"];

/**
 * The tidy query for submitted form fields: the sort option becomes its orderBy and order,
 * empty values and the page number go (new filters start at page 1), order is kept.
 */
export function listingSearchFromForm(
  fields: Iterable<readonly [string, string]>,
  sorts: readonly SortChoice[],
): URLSearchParams {
  const entries = [...fields];
  const chosen = entries.find(([name]) => name === SORT_FIELD)?.[1];
  const sort = sorts.find((option) => option.id === chosen);
  const search = new URLSearchParams();
  // Nights and guests belong to a check-in date: without one the form's defaults are dropped.
  const noCheckIn = !entries.some(([name, value]) => name === "checkIn" && value.trim() !== "");
  for (const [name, value] of entries) {
    if (value.trim() === "" || name === "page") continue;
    if (noCheckIn && STAY_EXTRA_FIELDS.includes(name)) continue;
    if (name === SORT_FIELD) {
      for (const [param, paramValue] of Object.entries(sort?.params ?? {})) search.append(param, paramValue);
      continue;
    }
    // A sort chosen in the form wins over one left in the address.
    if (sort && SORT_PARAMS.includes(name)) continue;
    search.append(name, value);
  }
  return search;
}

/** True when a query still needs tidying: a form field name or an empty value in it. */
export function isUntidyListingSearch(search: URLSearchParams): boolean {
  return [...search].some(([name, value]) => name === SORT_FIELD || value.trim() === "");
}

/** `path?query`, or the bare path when the query is empty. */
export function withSearch(path: string, search: URLSearchParams): string {
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The travel dates in a listing's query (checkIn and its nights, checkOut, guests), as text; "" without a check-in. */
export function travelDatesSearch(search: URLSearchParams): string {
  if (!search.get("checkIn")) return "";
  const dates = new URLSearchParams();
  for (const name of ["checkIn", ...STAY_EXTRA_FIELDS]) {
    const value = search.get(name);
    if (value) dates.set(name, value);
  }
  return dates.toString();
}
