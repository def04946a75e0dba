import { redirect } from "react-router";
import type { Route } from "./+types/deal-preview";

/**
 * /deal-preview/...: the deal-preview segment is treated as deals (product.md §2 "Page
 * types"), so its pages are the /deals/... listings: it moves for good to the same path
 * there, query and all.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/^\/deal-preview(?=\/|$)/i, "/deals")}${url.search}`, 301);
}
