/**
 * The filters a listing or search offers beside its categories (product.md §2 "facet
 * parameters starting f_"): each is a query parameter whose values a deal either has or
 * not. Values within one filter widen the list (any of them); filters narrow it (all of
 * them). Each filter's value is computed in SQL from the deal's listing row.
 */
import { type SQL, sql } from "@deals/db";
import { dealListings as listed } from "@deals/db/schema/browse";
import { invalidParameter } from "../../errors.ts";

export interface FacetValue {
  value: string;
  label: string;
}

export interface FacetDefinition {
  name: string;
  label: string;
  /** The deal's value for this filter (text), or null when it has none. No bound parameters. */
  expression: SQL;
  values: readonly FacetValue[];
}

export const FACETS: readonly FacetDefinition[] = [
  {
    name: "f_type",
    label: "Type of deal",
    expression: sql`${listed.dealType}`,
    values: [
      { value: "voucher", label: "Vouchers" },
      { value: "product", label: "Products" },
      { value: "travel", label: "Travel" },
    ],
  },
  {
    name: "f_discount",
    label: "Discount",
    expression: sql`case when ${listed.discountPercent} >= 70 then '70-plus' when ${listed.discountPercent} >= 50 then '50-69' when ${listed.discountPercent} >= 30 then '30-49' else 'up-to-29' end`,
    values: [
      { value: "70-plus", label: "70% off or more" },
      { value: "50-69", label: "50% to 69% off" },
      { value: "30-49", label: "30% to 49% off" },
      { value: "up-to-29", label: "Up to 29% off" },
    ],
  },
  {
    name: "f_rating",
    label: "Customer rating",
    expression: sql`case when ${listed.reviewAverage} is null then 'unrated' when ${listed.reviewAverage} >= 4 then '4-plus' when ${listed.reviewAverage} >= 3 then '3-to-4' else 'under-3' end`,
    values: [
      { value: "4-plus", label: "4 stars and up" },
      { value: "3-to-4", label: "3 to 4 stars" },
      { value: "under-3", label: "Under 3 stars" },
      { value: "unrated", label: "Not yet rated" },
    ],
  },
  {
    name: "f_nights",
    label: "Nights",
    expression: sql`case when ${listed.nights} is null then null when ${listed.nights} >= 4 then '4-plus' else ${listed.nights}::text end`,
    values: [
      { value: "1", label: "1 night" },
      { value: "2", label: "2 nights" },
      { value: "3", label: "3 nights" },
      { value: "4-plus", label: "4 nights or more" },
    ],
  },
];

/** The values chosen per filter name; a filter that is absent is not applied. */
export type FacetSelection = Record<string, string[]>;

const FACET_NAMES = FACETS.map((facet) => facet.name).join(", ");

/**
 * The filters chosen by the facet parameters (as parseListingQuery gathers them). A
 * parameter that names no filter, or a value a filter does not have, is a 400: the list
 * it would give is not the one asked for. Values may repeat or be comma-separated.
 */
export function parseFacetSelection(params: Record<string, string[]>): FacetSelection {
  const selection: FacetSelection = {};
  for (const [name, raw] of Object.entries(params)) {
    const facet = FACETS.find((f) => f.name === name);
    // Names reaching here passed the listing rules' check (letters, digits, _ . : -).
    if (!facet) throw invalidParameter(`${name} is not a filter of this list; filters: ${FACET_NAMES}`);
    const values = [...new Set(raw.flatMap((value) => value.split(",")).map((v) => v.trim()))].filter(
      (v) => v !== "",
    );
    const known = facet.values.map((v) => v.value);
    if (values.some((value) => !known.includes(value))) {
      throw invalidParameter(`${name} must be one of ${known.join(", ")}`);
    }
    if (values.length > 0) selection[name] = values;
  }
  return selection;
}
