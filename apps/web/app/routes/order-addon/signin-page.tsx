/**
 * /order-addon/signin-page?order={reference} (product.md §2 "Routes"): the way into the
 * second-checkout upsell for a shopper who is not signed in (a guest's confirmation links
 * here): sign in, then back to /order-addon for the order. Already signed in: straight there.
 */
import { redirect } from "react-router";
import { hasSession, redirectToLogin } from "../../lib/auth.server.ts";
import { orderAddonPath } from "../../lib/order-addon.ts";
import type { Route } from "./+types/signin-page";

export function loader({ request }: Route.LoaderArgs) {
  const order = new URL(request.url).searchParams.get("order") ?? "";
  const next = orderAddonPath(order);
  if (hasSession(request)) throw redirect(next);
  throw redirectToLogin(request, next);
}
