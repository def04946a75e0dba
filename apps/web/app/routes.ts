import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("deals/:location", "routes/location.tsx"),
  route("deals/:location/:category/:subcategory?/:subsubcategory?", "routes/category.tsx"),
  // Browse (product.md §2 "Page types" and "Routes"): listings, location choice, site files
  route("gifts/:category?/:subcategory?/:subsubcategory?", "routes/gifts.tsx"),
  route("near-me/:category/:subcategory?/:subsubcategory?", "routes/near-me.tsx"),
  route("location", "routes/location-choice.tsx"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("icon.svg", "routes/icon.ts"),
  // product.md §2: /deal/{category}/{sub}/{subsub}/{dealId}[/blurb], optional product id after.
  route("deal/:category/:sub/:subsub/:dealId/:blurb?/:productId?", "routes/deal.tsx"),
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
  ]),
  route("dev/mailbox", "routes/dev-mailbox.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
