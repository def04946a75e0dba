/**
 * Business constants and limits: services.md §9, as named data. Nothing elsewhere in the
 * project writes one of these numbers bare.
 */

// Timing and retry
export const HTTP_TIMEOUT_MS = 2500;
export const RETRY_DELAYS_MS = [
  150, 250, 250, 500, 500, 500, 750, 750, 750, 1000, 1000, 1000, 1250, 1250, 1500, 1500,
] as const;
export const WALLET_FETCH_TIMEOUT_MS = 40_000;
export const HOVER_DELAY_MS = 200;
export const TRAVEL_HOVER_DELAY_MS = 0;
export const LOGIN_CHECK_POLL_MS = 1000;
export const COPY_FEEDBACK_MS = 2000;
export const LIGHTBOX_DELAY_MS = 2000;
export const STATISTIC_DEDUPE_MS = 10 * 60 * 1000;

// Paging and list sizes
export const DEAL_OFFSET = { dealPage: 5, default: 2, travel: 0 } as const;
export const WISHLIST_PAGE_SIZE = 50;
export const RECOMMENDATIONS = { limit: 40, pageSize: 25 } as const;
export const NEW_PRODUCTS_PAGE_SIZE = 12;
export const BUY_AGAIN_PAGE_SIZE = 10;
export const VOUCHER_PAGE_SIZES = [10, 20] as const;
export const EXIT_PROMO = { maxDeals: 6, skeletonsDesktop: 3, skeletonsMobile: 4 } as const;
export const RECENT_DEALS_PER_LOCATION_TYPE = 5;
export const MAX_RECENT_VIEWED_DEAL_PARAMS = 5;
export const IMPRESSIONS_FLUSH_AT = 50;
export const NAV_CACHE_ENTRIES = 500;
export const MENU_RANGE = "1-30";
/** The spec keeps the default page size unstated; 24 is ours (design.md's listing target). */
export const DEFAULT_DEALS_PAGE_SIZE = 24;
export const MAX_DEALS_PAGE_SIZE = 100;
export const REVIEWS_PAGE_SIZE = 10;

// Tokens and cookies (max ages in seconds)
const DAY = 24 * 60 * 60;
export const BASKET_TOKEN_MIN_LENGTH = 11;
export const CUSTOMER_TOKEN_MIN_LENGTH = 10;
export const COOKIE_MAX_AGE = {
  basketToken: 7 * DAY,
  customerToken: 365 * DAY,
  brandRegisteredUser: 365 * DAY,
  wishlistIdAfterLogin: 7 * DAY,
  wishlistIdFirstFetch: 31_536_000,
  email: 365 * DAY,
  vipGroup: 1 * DAY,
  vipMembership: 1 * DAY,
  location: 365 * DAY,
  source: 365 * DAY,
  sourceAffiliate: 30 * DAY,
  gclid: 365 * DAY,
  clickId: 30 * DAY,
  msclkid: 365 * DAY,
  mgid: 7 * DAY,
  fbc: 90 * DAY,
  postLoginUrl: 30 * DAY,
  deleteEmail: 1 * DAY,
  variantTest: 365 * DAY,
  smartBannerDismissed: 2 * DAY,
  /** The spec gives no lifetime for the referral code cookie: ours, as long as an affiliate's source cookie. */
  referralCode: 30 * DAY,
  /** Ours: the recently viewed deals a listing is sent, as long as a saved location's visit. */
  recentViewedDeal: 30 * DAY,
} as const;
export const SMART_BANNER_HIDE_DAYS = 2;

// Tiles and headers
export const TILES_BRAND = "main";
export const TILES_COUNTRY = "gb";
export const API_VERSION = "v1.1";
export const DEVICE_PLATFORMS = ["WEBAPP-MOBILE", "WEBAPP-TABLET", "WEBAPP-DESKTOP"] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

// Checkout defaults (product.md §3 "Checkout data")
export const CHECKOUT_QUERY_DEFAULTS = {
  deliveryOptions: true,
  gifting: true,
  giftPacks: true,
  por_check: true,
  vipChecked: false,
  wallet: false,
} as const;

// Money and commerce (amounts in minor units)
export const VIP_SUBSCRIPTION_PRICE_MINOR = 499;
export const REFERRAL_CREDIT_UP_TO_MINOR = 20_000;
export const REFUND_TYPE = "ON_DEMAND_REFUND";
export const BUY_CLOSED_DEAL_GRACE_DAYS = 4;
export const PAY_LATER_RANGE_MINOR = { min: 100, max: 100_000 } as const;
export const MARKETING_CREDIT = { maxShare: 0.1, maxPerItemMinor: 500 } as const;
export const REFUND_CUTOFF_DAYS_BEFORE_EXPIRY = 7;
export const REFERRAL_PENDING_DAYS = 14;
export const MAX_DISCOUNT_PERCENT = { default: 80, travel: 50 } as const;
export const IMAGE_QUALITY = { default: 85, subSubcategoryOr3g: 60, slowOrMobile: 35 } as const;
export const BUSINESS_LOGO_THUMB = { width: 161, height: 73 } as const;
export const BREAKPOINTS_PX = { xs: 450, sm: 575.98, md: 767.98, lg: 991.98, xl: 1199.98 } as const;
export const NAV_VISIBLE_COUNT = { md: 5, lg: 7, xl: 10 } as const;
export const DEFAULT_MAP_CENTRE = { lat: 51.505, lon: -0.0901 } as const;
/** Price filter steps: 5 up to 100, 10 up to 500, 50 beyond (services.md §9). */
export const PRICE_FILTER_STEP_BANDS = [
  { upTo: 100, step: 5 },
  { upTo: 500, step: 10 },
  { upTo: Number.POSITIVE_INFINITY, step: 50 },
] as const;
export const BUTTON_COLOURS = { primary: "#3facd7", secondary: "#eb008c" } as const;
export const CHECKOUT_TIMER_POPUP_WIDTH_PX = 350;
export const TOAST_POSITION = "top-right";
export const PERFORMANCE_CHECK_QUERY = "performanceCheck";
export const REVIEW_STARS = 5;
export const GIFT_FINDER_BUDGET_STEPS = [0, 10, 20, 50, 100] as const;
export const PASSENGER_COUNTS = [2, 4, 6, 8] as const;
export const NIGHTS_RANGE = { min: 1, max: 16 } as const;
export const CALENDAR_WINDOW_DAYS = 28;
export const SOCIAL_CUE_WINDOWS_HOURS = [6, 12, 24] as const;
export const PASSWORD_MIN_LENGTH = 6;
export const LOGIN_MAX_FAILURES = 5;

// Gifting, cart guards and vouchers (product.md §4 and §5; amounts in minor units)
/** The spec keeps the gift message length unstated; 250 characters is ours. */
export const GIFT_MESSAGE_MAX_LENGTH = 250;
export const CLEARPAY_BLOCKED_SUBCATEGORY_IDS = [218, 711, 197, 200] as const;
export const KLARNA_BLOCKED_SUBCATEGORY_IDS = [218, 711] as const;
/** Deals in these subcategories are allowed only when the order total is under 50. */
export const LOW_TOTAL_ONLY_SUBCATEGORY_IDS = [14, 17, 386, 398, 585, 586] as const;
export const LOW_TOTAL_ONLY_LIMIT_MINOR = 5_000;
export const BOOKED_TRAVEL_DOCUMENTS_WORKING_DAYS = 3;

// Catalogue and browsing (numbers the spec leaves open are ours, and say so)
/** Deals close at the end of a calendar day in this zone (product.md §4 "Deal availability"). */
export const DEAL_TIME_ZONE = "Europe/London";
/** Price filter lists in major units (product.md §2 "Routes"); the finer list comes from the step rule. */
export const PRICE_FILTER_LISTS = {
  upTo200: [0, 10, 20, 50, 100, 200],
  upTo1000: [0, 10, 20, 50, 100, 1000],
  fineMax: 1000,
} as const;
/** Bounds on listing query parameters (ours): keep junk from reaching the database. */
export const LISTING_QUERY_LIMITS = {
  maxPage: 10_000,
  maxOffset: 1_000_000,
  maxPriceMajor: 100_000,
  maxTextLength: 200,
  maxListValues: 100,
  maxFacetParams: 50,
} as const;
/** A countdown shows only when the deal closes within this many hours (ours). */
export const COUNTDOWN_HORIZON_HOURS = 72;
/** Stock label thresholds (ours): few units left, and a close that is near. */
export const STOCK_LABEL_THRESHOLDS = { limitedAvailabilityMaxRemaining: 10, expiringSoonHours: 48 } as const;

// Accounts and sessions (the spec gives the 5-failure lockout; the other numbers are ours)
/** Server-side session lifetime: a browser session without remember-me, 30 days with it. */
export const SESSION_TTL_SECONDS = { default: 1 * DAY, rememberMe: 30 * DAY } as const;
/** How long an account stays locked after LOGIN_MAX_FAILURES failed logins in a row. */
export const LOGIN_LOCK_MINUTES = 30;
/** Emailed links: an activation link lasts 7 days, a password reset link 1 hour. */
export const AUTH_TOKEN_TTL_SECONDS = {
  activation: 7 * DAY,
  passwordReset: 60 * 60,
  expressBuy: 60 * 60,
} as const;
/** Requests allowed per window, per client IP and per account (email). */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { max: 20, windowSeconds: 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  registrationPerIp: { max: 10, windowSeconds: 60 * 60 },
  registrationPerAccount: { max: 5, windowSeconds: 60 * 60 },
  emailLinkPerIp: { max: 10, windowSeconds: 60 * 60 },
  emailLinkPerAccount: { max: 3, windowSeconds: 60 * 60 },
  accountCheckPerIp: { max: 30, windowSeconds: 60 },
} as const;
/** Account deletion finishes within 24 hours (product.md §4); the job looks this often. */
export const ACCOUNT_DELETION_DEADLINE_HOURS = 24;
export const ACCOUNT_DELETION_JOB_INTERVAL_MINUTES = 15;
/**
 * VIP membership (product.md §1: paid one year; the rest is ours, stated once here): the free
 * trial a customer may start once, the paid term, and how long before a paid year ends the
 * renewal reminder is emailed.
 */
export const VIP_FREE_TRIAL_DAYS = 30;
export const VIP_MEMBERSHIP_DAYS = 365;
export const VIP_RENEWAL_REMINDER_DAYS = 14;
/** The extra discount VIP prices give where a deal allows one (product.md §1: 10 to 15 %). */
export const VIP_EXTRA_DISCOUNT_PERCENT = { min: 10, max: 15 } as const;

// Browse, search and the deal page (numbers the spec leaves open are ours, and say so)
/** Honest pricing: beside a "was" price, the lowest price of this many days before now. */
export const LOWEST_PRICE_WINDOW_DAYS = 30;
/** The sitemaps protocol's limit on URLs in one sitemap; more are split under an index. */
export const SITEMAP_MAX_URLS = 50_000;
/** Sponsored deals shown with one page of search results (ours). */
export const SPONSORED_RESULTS_MAX = 2;
/** Suggestions of each kind while typing, and the top searches listed (ours). */
export const SUGGEST_LIMIT = 6;
export const TOP_SEARCHES = { limit: 10, windowDays: 30 } as const;
/** Most deal ids one recently-viewed lookup may name (ours). */
export const MAX_DEAL_LOOKUP_IDS = 50;
/** Most entries one impressions or ad-events report may carry (ours; clients flush at 50). */
export const MAX_REPORTED_EVENTS = 200;
/** Travel categories the travel sub-menu orders by (product.md §3 "Navigation item"). */
export const TRAVEL_CATEGORY_IDS = { international: 727, uk: 487 } as const;
/** The one gshop landing slug that is indexed (product.md §2 "Page head" names none: ours). */
export const GSHOP_INDEXED_SLUG = "top-deals";

// Storefront search box and deal page (ours)
/** Pause in typing before the search box asks for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Deals in the recently viewed strip on listing and search pages. */
export const RECENTLY_VIEWED_SHOWN = 5;
/** Deals in the deal page's "customers also viewed" strip. */
export const ALSO_VIEWED_SHOWN = 8;
/** The exit promo's discount code (product.md §2 "App shell" shows one without naming it: ours). */
export const EXIT_PROMO_CODE = "EXTRA10";

// After purchase (ours where the spec gives no number)
/** A voucher without protection can be refunded within this many days of purchase (product.md §4 "14-day refund window"). */
export const REFUND_WINDOW_DAYS = 14;
/** Expiry reminders go this many days before an unredeemed voucher expires, earliest first. */
export const EXPIRY_REMINDER_DAYS = [14, 3] as const;
