/**
 * A location homepage's rows as cards (product.md §1): the main deal, the secondary deals and
 * a row per collection.
 *
 * The API keeps a location's homepage answer a few seconds and hands every page that asks
 * meanwhile the same parsed, frozen object (apps/api/src/shared-answers.ts). Such an answer's
 * cards are made once and their lists' markup written once (deal-card-html.ts), where each
 * page made its 77 cards again (docs/scaling.md "The homepage's rows made once per kept
 * answer"). Their stock labels are then those of the moment the answer was first shown, a few
 * seconds at most before a page shows them, as old as the answer's deals themselves.
 */

import type { Brand } from "@deals/domain/brand";
import type { HomeView } from "../components/HomeSections.tsx";
import type { Homepage } from "./api-types.ts";
import { keepListHtml } from "./deal-card-html.ts";
import { dealCardView } from "./listing.server.ts";

const kept = new WeakMap<Homepage, { locale: Brand["locale"]; view: HomeView }>();

export function homeView(home: Homepage, locale: Brand["locale"], now: Date): HomeView {
  const keptView = kept.get(home);
  if (keptView?.locale === locale) return keptView.view;
  const card = (deal: Parameters<typeof dealCardView>[0]) => dealCardView(deal, locale, now);
  const view: HomeView = {
    location: home.location,
    mainDeal: home.mainDeal && card(home.mainDeal),
    secondaryDeals: home.secondaryDeals.map(card),
    collections: home.collections.map(({ deals, ...row }) => ({ deals: deals.map(card), ...row })),
  };
  // Only a frozen answer is shared between pages; any other is this page's own.
  if (Object.isFrozen(home)) {
    keepListHtml(view.secondaryDeals);
    for (const row of view.collections) keepListHtml(row.deals);
    kept.set(home, { locale, view });
  }
  return view;
}
