/**
 * The operations of /openapi.json that hold no customer's data, each with the reason it may
 * answer anyone. Every other operation is tried by the authorisation sweep
 * (authorisation.test.ts) as a guest and as another customer with a customer's tokens and ids;
 * a route added tomorrow is swept unless it is listed here.
 */
const CATALOGUE = "the catalogue: the same for every shopper";
const MERCHANT_API = "merchant API: answers only a merchant's API key, never a customer's session";

export const PUBLIC_OPERATIONS: Readonly<Record<string, string>> = {
  // Merchant API: a merchant's key, never a customer's session, and only its own deals' vouchers
  // (merchant-fulfilment.test.ts tries another merchant's and no key).
  "POST /v1/merchant/voucher/{id}/dispatch": MERCHANT_API,
  "POST /v1/merchant/voucher/{id}/delivered": MERCHANT_API,
  "POST /v1/merchant/voucher/{id}/return-received": MERCHANT_API,
  "GET /healthz": "readiness: the state of the dependencies only",
  "GET /images/{id}.svg": "deal artwork",
  "GET /v1/locations": CATALOGUE,
  "GET /v1/location/{shortName}": CATALOGUE,
  "GET /v1/navigations": CATALOGUE,
  "GET /v1/deals/{location}": CATALOGUE,
  "GET /v1/deals/{location}/{category}": CATALOGUE,
  "GET /v1/deals/{location}/{category}/{subcategory}": CATALOGUE,
  "GET /v1/deals/{location}/{category}/{subcategory}/{subsubcategory}": CATALOGUE,
  "GET /v1/deals/{location}/{category}/{subcategory}/{subsubcategory}/{segment5}": CATALOGUE,
  "GET /v1/deals/{location}/{category}/{subcategory}/{subsubcategory}/{segment5}/{segment6}": CATALOGUE,
  "GET /v1/deals/{location}/{category}/{subcategory}/{subsubcategory}/{segment5}/{segment6}/{segment7}":
    CATALOGUE,
  "GET /v1/early-bird-deal": CATALOGUE,
  "GET /v1/deals": CATALOGUE,
  "GET /v1/deal/{id}": CATALOGUE,
  "GET /v1/deal-url": CATALOGUE,
  "GET /v1/socialcue/deal/{id}": "how many bought a deal: counts, no buyer",
  "POST /v1/deal/{location}/impressions": "counts a listing's impressions",
  "GET /v1/search": CATALOGUE,
  "GET /v1/search/{location}": CATALOGUE,
  "GET /v1/suggest": CATALOGUE,
  "GET /v1/top-searches": "the most searched terms, counted over everyone",
  "GET /v1/reviews/summary": CATALOGUE,
  "GET /v1/reviews/{merchantId}": "published reviews, shown to everyone",
  "GET /v1/site/{site}": "a brand site's settings",
  "GET /v1/recommendations": CATALOGUE,
  "GET /v1/recommended-for-you":
    "from the deal ids the browser sends and the session's own purchases, never another's",
  "GET /v1/new-products/{location}": CATALOGUE,
  "GET /v1/homepage/{location}": CATALOGUE,
  "GET /v1/tiles": CATALOGUE,
  "GET /v1/staticpage/{slug}": CATALOGUE,
  "GET /v1/guides/{slug}": CATALOGUE,
  "GET /v1/organization": "the company's details",
  "GET /v1/wishlist/deals": "deals by id: the catalogue, whoever wished for them",
  "GET /v1/availability/deal/{id}": "a travel deal's calendar",
  "GET /v1/flights/cheapest/{dealId}/{date}": "a travel deal's flights",
  "GET /v1/flights/{dealId}/{date}": "a travel deal's flights",
  "GET /v1/address/postcode/{postcode}": "the addresses of a postcode (postal data, no customer's)",
  "POST /v1/sponsored/impressionAndClick": "counts an advert's impressions and clicks",
  "POST /v1/notFoundHit": "records a missing page",
  "POST /v1/log": "the client error log: written, never read back",
  "POST /v1/login": "signing in: the password is the credential",
  "POST /v1/logingoogle": "signing in: Google's signed token is the credential",
  "POST /v1/registergoogleuser": "signing up: Google's signed token is the credential",
  "POST /v1/register": "signing up",
  "POST /v1/register/vip": "signing up",
  "POST /v1/register/vip-free-trial": "signing up",
  "POST /v1/user/activation_request": "emails the address's owner, answers the same for any address",
  "POST /v1/user/password_reset_request": "emails the address's owner, answers the same for any address",
  "GET /v1/user/password_activate": "the emailed token is the credential",
  "POST /v1/user/password_activate": "the emailed token is the credential",
  "GET /v1/user/password_reset": "the emailed token is the credential",
  "POST /v1/user/password_reset": "the emailed token is the credential",
  "POST /v1/subscription": "signs an email address up for deal emails, confirmed by email",
  "POST /v1/subscription/cancel": "the emailed unsubscribe token is the credential",
  "POST /v1/email":
    "a public path (services.md §7.2): whether checkout asks the email's owner for a password",
  "GET /v1/email/verify": "a public path (services.md §7.2): whether an address looks deliverable",
  "POST /v1/express-buy-token":
    "a public path (services.md §7.2): a guest checkout's token for the email typed",
  "POST /v1/user/raf/stat/open":
    "a public path (services.md §7): counts a referral link opened, answers the referrer's first name only",
  "POST /dev/referral-credit": "development only: not registered in production (checked below)",
  "POST /dev/wallet-credit": "development only: not registered in production (checked below)",
  "POST /dev/travel-hold-ends": "development only: not registered in production (checked below)",
  "POST /dev/voucher-expiry": "development only: not registered in production (checked below)",
  "POST /dev/deal-stock": "development only: not registered in production (checked below)",
  "GET /dev/mailbox.json": "development only: not registered in production (checked below)",
};
