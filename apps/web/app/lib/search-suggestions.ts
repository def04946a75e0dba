/**
 * What the search box lists under the text (product.md §2 "search with suggestions, top
 * searches"): while typing, searches, categories and deals that start like the words typed;
 * with nothing typed, the top searches. Each option is a link.
 */
import type { Suggestions, TopSearches } from "./api-types.ts";

export interface SuggestionOption {
  /** Unique within the list: the option's element id is made from it. */
  key: string;
  label: string;
  href: string;
}

export interface SuggestionGroup {
  label: string;
  options: SuggestionOption[];
}

/** The search page for a query. */
export function searchHref(query: string): string {
  return `/search?${new URLSearchParams({ q: query })}`;
}

export function suggestionGroups(suggestions: Suggestions): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      label: "Searches",
      options: suggestions.searches.map((query) => ({
        key: `s:${query}`,
        label: query,
        href: searchHref(query),
      })),
    },
    {
      label: "Categories",
      options: suggestions.categories.map((category) => ({
        key: `c:${category.url}`,
        label: category.name,
        href: category.url,
      })),
    },
    {
      label: "Deals",
      options: suggestions.deals.map((deal) => ({
        key: `d:${deal.id}`,
        label: deal.headline,
        href: deal.urlPath,
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

export function topSearchGroups(top: TopSearches): SuggestionGroup[] {
  if (top.searches.length === 0) return [];
  return [
    {
      label: "Top searches",
      options: top.searches.map(({ query }) => ({
        key: `t:${query}`,
        label: query,
        href: searchHref(query),
      })),
    },
  ];
}
