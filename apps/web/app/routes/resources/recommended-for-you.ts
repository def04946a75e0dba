import { RECENT_DEALS_PER_LOCATION_TYPE } from "@deals/domain/constants";
import { data } from "react-router";
import { LOCATION_TYPES } from "../../lib/recently-viewed.ts";
import { recommendedCards, viewedIds } from "../../lib/recommended.server.ts";
import type { Route } from "./+types/recommended-for-you";

/** Recommendations from the deals a shopper viewed (ids from the browser's storage). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = viewedIds(new URL(request.url), RECENT_DEALS_PER_LOCATION_TYPE * LOCATION_TYPES);
  const deals = await recommendedCards(request, context, ids);
  // Personal to the shopper: never kept by a shared cache.
  return data({ deals }, { headers: { "Cache-Control": "private, no-store" } });
}
