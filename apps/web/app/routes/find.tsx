import { redirect } from "react-router";
import { searchHref } from "../lib/search-suggestions.ts";
import type { Route } from "./+types/find";

/**
 * /find/ (product.md §2 "Routes") and /find/{words}: the search by address. `/find/spa-day`
 * searches for "spa day"; `/find/` opens the search page with its top searches. Both move for
 * good to the search page, the one address search results have.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const words = (params.words ?? "").replace(/[-+_]+/g, " ").trim();
  const search = new URL(request.url).search;
  if (!words) return redirect(`/search${search}`, 301);
  return redirect(searchHref(words), 301);
}
