/**
 * A deal card as text, the markup DealCard renders from the same card view. The browser writes
 * the cards it adds with it (recently viewed), and the server writes the cards of a plain page
 * with it: React spent a tenth of a millisecond or more on each card, the text takes under a
 * hundredth (docs/scaling.md "Deal cards as text, and the homepage's rows in one read"). The
 * test beside this file holds the two to the same markup.
 */
import { escapeHtml as safe } from "./html-text.ts";
import { DEAL_IMAGE_SIZE } from "./images.ts";
import type { DealCardView } from "./listing.server.ts";
import { heartField, WISHLIST_FORM_ID, WISHLIST_HEART_SHAPE_ID } from "./wishlist-heart.ts";

function priceHtml({ price }: DealCardView): string {
  if (price.hidden) return "";
  const discount =
    price.discount && price.discount.percent > 0
      ? `<span class="badge badge--discount">${price.discount.indicative ? "Up to " : ""}${price.discount.percent}% off</span>`
      : "";
  const lowest = price.lowest
    ? `<span class="price__lowest">Lowest price in the last 30 days: ${safe(price.lowest)}</span>`
    : "";
  const was = price.was
    ? `<p class="price__was"><span>Was <s>${safe(price.was)}</s></span>${lowest}${discount}</p>`
    : "";
  const fees =
    price.fees.length > 0 ? `<span class="price__fees"> incl. ${safe(price.fees.join(" and "))}</span>` : "";
  const perPerson = price.perPerson ? "<span> per person</span>" : "";
  return `<div class="price"><p class="price__now"><strong class="price__full">${safe(price.full)}</strong>${perPerson}${fees}</p>${was}</div>`;
}

/** The card's heart, as WishlistHeart writes it (React writes a button's name last). */
function heartHtml(deal: DealCardView, wished: boolean): string {
  return (
    `<button type="submit" form="${WISHLIST_FORM_ID}" value="${deal.id}" class="wishlist-heart" aria-pressed="${wished}" aria-label="Wishlist: ${safe(deal.headline)}" name="${heartField(wished)}">` +
    `<svg width="24" height="24" aria-hidden="true"><use href="#${WISHLIST_HEART_SHAPE_ID}"></use></svg></button>`
  );
}

/** What goes inside the card's `<article class="deal-card">`. */
export function dealCardContentHtml(deal: DealCardView, eager: boolean, wished: boolean): string {
  const { width, height } = DEAL_IMAGE_SIZE;
  const image = deal.image
    ? `<img class="deal-card__image" src="${safe(deal.image.url)}" alt="${safe(deal.image.alt)}" width="${width}" height="${height}" loading="${eager ? "eager" : "lazy"}" decoding="async"/>`
    : "";
  return (
    `${image}<div class="deal-card__body">` +
    `<h2 class="deal-card__headline"><a class="deal-card__link" href="${safe(deal.urlPath)}">${safe(deal.headline)}</a></h2>` +
    (deal.location ? `<p class="deal-card__location">${safe(deal.location)}</p>` : "") +
    (deal.distance ? `<p class="deal-card__distance">${safe(deal.distance)}</p>` : "") +
    (deal.stockLabel ? `<p class="badge badge--stock">${safe(deal.stockLabel)}</p>` : "") +
    priceHtml(deal) +
    (deal.stayPrice ? `<p class="deal-card__stay-price">${safe(deal.stayPrice)}</p>` : "") +
    `</div>${heartHtml(deal, wished)}`
  );
}

/** The whole card. */
export function dealCardHtml(deal: DealCardView, eager: boolean, wished: boolean): string {
  return `<article class="deal-card">${dealCardContentHtml(deal, eager, wished)}</article>`;
}

/** How a list writes its cards (DealCardList). */
export interface CardListOptions {
  /** How many of the first cards load their picture at once. */
  eagerCards: number;
  /** Each item names its deal (`data-deal-id`). */
  itemDealIds: boolean;
  /** The deals on the shopper's wishlist. */
  wished: readonly number[];
}

/**
 * Lists whose markup is kept once written, by how it was written: the homepage's rows, the same
 * objects for every page while the API's answer is kept (home-view.server.ts). Not for a shopper
 * with one of the list's deals on their wishlist, whose hearts differ.
 */
const keptLists = new WeakMap<readonly DealCardView[], Map<string, string>>();

/** Keeps the markup of `deals` once written, for every page that shows the same list. */
export function keepListHtml(deals: readonly DealCardView[]): void {
  keptLists.set(deals, new Map());
}

/** A list's items, each `<li>` holding its whole card. */
export function dealCardListHtml(deals: readonly DealCardView[], options: CardListOptions): string {
  const kept = keptLists.get(deals);
  if (!kept || deals.some((deal) => options.wished.includes(deal.id))) return listHtml(deals, options);
  const key = `${options.eagerCards} ${options.itemDealIds}`;
  let html = kept.get(key);
  if (html === undefined) {
    html = listHtml(deals, options);
    kept.set(key, html);
  }
  return html;
}

function listHtml(deals: readonly DealCardView[], options: CardListOptions): string {
  const { eagerCards, itemDealIds, wished } = options;
  let html = "";
  for (let i = 0; i < deals.length; i++) {
    const deal = deals[i]!;
    const card = dealCardHtml(deal, i < eagerCards, wished.includes(deal.id));
    html += itemDealIds ? `<li data-deal-id="${deal.id}">${card}</li>` : `<li>${card}</li>`;
  }
  return html;
}
