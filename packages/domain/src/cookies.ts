/**
 * The cookies the product sets, as typed data: name, lifetime and attributes
 * (services.md §9 "Tokens and cookies"). The API sets them from here and the storefront reads
 * them by these names, so a name or an age is written once.
 */
import { COOKIE_MAX_AGE } from "./constants.ts";

export interface CookieSpec {
  name: string;
  /** Lifetime in seconds; absent for a cookie that lasts the browser session. */
  maxAgeSeconds?: number;
  /** Sent only over HTTPS. */
  secure: boolean;
  /** Shared across the brand's whole domain rather than the host that set it. */
  domainWide: boolean;
}

/** The brand cookie's value once the visitor has registered (services.md §9). */
export const REGISTERED_USER_COOKIE_VALUE = "registered_user";

const cookie = (name: string, maxAgeSeconds?: number, attributes: Partial<CookieSpec> = {}): CookieSpec => ({
  name,
  ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }),
  secure: false,
  domainWide: false,
  ...attributes,
});

export const COOKIES = {
  basketToken: cookie("basket_token", COOKIE_MAX_AGE.basketToken, { secure: true, domainWide: true }),
  customerToken: cookie("customer_token", COOKIE_MAX_AGE.customerToken),
  brandUser: cookie("brand_user", COOKIE_MAX_AGE.brandRegisteredUser),
  wishlistId: cookie("wishlist_id", COOKIE_MAX_AGE.wishlistIdAfterLogin),
  email: cookie("email", COOKIE_MAX_AGE.email),
  vipGroup: cookie("vip_group", COOKIE_MAX_AGE.vipGroup),
  vipMembership: cookie("vip_membership", COOKIE_MAX_AGE.vipMembership),
  location: cookie("location", COOKIE_MAX_AGE.location),
  source: cookie("source", COOKIE_MAX_AGE.source),
  gclid: cookie("gclid", COOKIE_MAX_AGE.gclid),
  clickId: cookie("click_id", COOKIE_MAX_AGE.clickId),
  msclkid: cookie("msclkid", COOKIE_MAX_AGE.msclkid),
  mgid: cookie("mgid", COOKIE_MAX_AGE.mgid),
  fbc: cookie("_fbc", COOKIE_MAX_AGE.fbc),
  postLoginUrl: cookie("post_login_url", COOKIE_MAX_AGE.postLoginUrl),
  deleteEmail: cookie("deleteEmail", COOKIE_MAX_AGE.deleteEmail),
  smartBannerDismissed: cookie("smart_banner_dismissed", COOKIE_MAX_AGE.smartBannerDismissed),
  // Set when a visitor arrives by a friend's referral link; read when they register.
  referralCode: cookie("referral_code", COOKIE_MAX_AGE.referralCode),
  // Up to 5 recently viewed deal ids, newest first, comma-separated: the deal page writes it
  // and listings send them as recentViewedDeal (services.md listing query).
  recentViewedDeal: cookie("recent_viewed_deal", COOKIE_MAX_AGE.recentViewedDeal),
  // The two redirect hints read first by the login redirect (services.md §2); they only need
  // to outlive one login, so they last the browser session.
  localRedirect: cookie("local_redirect"),
  redirectUrl: cookie("redirect_url"),
  // Outside production, the brand chosen by ?brand= for the rest of the visit.
  brandOverride: cookie("brand_override"),
} as const satisfies Record<string, CookieSpec>;

export type CookieKey = keyof typeof COOKIES;

/**
 * The wishlist id cookie lasts 7 days when set after a login or a merge, and a year when
 * first set from a wishlist fetch (services.md §9).
 */
export function wishlistIdCookieMaxAge(setAfter: "login" | "merge" | "fetch"): number {
  return setAfter === "fetch" ? COOKIE_MAX_AGE.wishlistIdFirstFetch : COOKIE_MAX_AGE.wishlistIdAfterLogin;
}

/** The source cookie lasts 365 days, or 30 when the source is an affiliate (services.md §9). */
export function sourceCookieMaxAge(isAffiliate: boolean): number {
  return isAffiliate ? COOKIE_MAX_AGE.sourceAffiliate : COOKIE_MAX_AGE.source;
}
