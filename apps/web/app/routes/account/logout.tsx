/** /logout: the header's sign-out button posts here; the session ends on the server. */
import { redirect } from "react-router";
import { accountsClient } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { cookieHeaders } from "../../lib/forms.ts";
import type { Route } from "./+types/logout";

/** Signing out changes state, so only a POST does it; opening the address just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { setCookies } = await accountsClient(context, requestBrand(request), request).logout();
  return redirect("/", { headers: cookieHeaders(setCookies) });
}
