import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("deals/:location", "routes/location.tsx"),
  route("deals/:location/:category/:subcategory?/:subsubcategory?", "routes/category.tsx"),
  // product.md §2: /deal/{category}/{sub}/{subsub}/{dealId}[/blurb], optional product id after.
  route("deal/:category/:sub/:subsub/:dealId/:blurb?/:productId?", "routes/deal.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
