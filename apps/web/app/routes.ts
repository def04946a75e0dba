import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("deals/:location", "routes/location.tsx"),
  route("deals/:location/:category/:subcategory?/:subsubcategory?", "routes/category.tsx"),
  // Browse (product.md §2 "Page types" and "Routes"): listings, location choice, site files
  route("gifts/:category?/:subcategory?/:subsubcategory?", "routes/gifts.tsx"),
  route("near-me/:category/:subcategory?/:subsubcategory?", "routes/near-me.tsx"),
  route("early-bird", "routes/early-bird.tsx"),
  route("gift-finder/:recipient?", "routes/gift-finder.tsx"),
  route("location", "routes/location-choice.tsx"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("icon.svg", "routes/icon.ts"),
  route("resources/exit-promo", "routes/resources/exit-promo.ts"),
  route("page/:slug", "routes/static-page.tsx"),
  route("guides/:slug", "routes/guide.tsx"),
  route("discountcodes", "routes/text-page.tsx", { id: "discount-codes" }),
  route("editorial-team", "routes/text-page.tsx", { id: "editorial-team" }),
  // product.md §2: /deal/{category}/{sub}/{subsub}/{dealId}[/blurb], optional product id after.
  route("deal/:category/:sub/:subsub/:dealId/:blurb?/:productId?", "routes/deal.tsx"),
  // Search (product.md §2 "search with suggestions, top searches and sponsored results")
  route("search", "routes/search.tsx"),
  route("resources/recently-viewed", "routes/resources/recently-viewed.ts"),
  // Discovery (product.md §2 "Page types": recentlyViewed, recommended)
  route("recently-viewed", "routes/recently-viewed.tsx"),
  route("recommended-for-you", "routes/recommended-for-you.tsx"),
  route("map-view", "routes/map-view.tsx"),
  // product.md §2 "Page types" and "Routes": the ppc landing, find, email deals, deal preview
  route("welcome", "routes/welcome.tsx"),
  route("find/:words?", "routes/find.tsx"),
  route("email-deals/:location?", "routes/email-deals.tsx"),
  route("deal-preview/*", "routes/deal-preview.ts"),
  route("resources/recommended-for-you", "routes/resources/recommended-for-you.ts"),
  // Accounts (product.md §2 "Routes" and "Screens")
  route("login", "routes/account/login.tsx"),
  route("register", "routes/account/register.tsx"),
  route("forgot-password", "routes/account/forgot-password.tsx"),
  route("reset-password", "routes/account/reset-password.tsx"),
  route("activate", "routes/account/activate.tsx"),
  route("logout", "routes/account/logout.tsx"),
  route("unsubscribe", "routes/account/unsubscribe.tsx"),
  route("myaccount", "routes/account/layout.tsx", [
    index("routes/account/home.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("password", "routes/account/password.tsx"),
    route("subscriptions", "routes/account/subscriptions.tsx"),
    route("delete", "routes/account/delete.tsx"),
    route("vouchers", "routes/account/vouchers.tsx"),
    route("wallet", "routes/account/wallet.tsx"),
    route("rewards", "routes/account/rewards.tsx"),
    route("vouchers/:voucherId/print", "routes/account/voucher-print.tsx"),
    route("vouchers/:voucherId/pdf", "routes/account/voucher-pdf.ts"),
    route("vouchers/:voucherId/refund", "routes/account/voucher-refund.tsx"),
  ]),
  // After purchase (product.md §2 "Routes"): gift cards and gifts
  route("giftcard/redeem", "routes/gift-card-redeem.tsx"),
  route("mygift", "routes/claim-gift.tsx"),
  route("buy-again", "routes/buy-again.tsx"),
  route("extend", "routes/extend.tsx"),
  // Basket, checkout and order (product.md §2 "Routes": /checkout with the basket token)
  route("basket", "routes/basket/basket.tsx"),
  route("basket/add", "routes/basket/add.ts"),
  route("basket/stay", "routes/basket/stay.ts"),
  route("checkout/:basketToken?", "routes/checkout/checkout.tsx"),
  route("order-confirmation/:orderId", "routes/checkout/confirmation.tsx"),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("dev/google", "routes/dev-google.tsx"),
  // Wishlist (product.md §2 "Routes": /wishlist; §3 "Wishlist")
  route("wishlist", "routes/wishlist.tsx"),
  route("wishlist/toggle", "routes/wishlist-toggle.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
