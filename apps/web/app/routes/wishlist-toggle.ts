/**
 * POST /wishlist/toggle: the page's wishlist form, sent by one of its hearts (field `wish` or
 * `unwish` with the deal's id, and returnTo; lib/wishlist-heart.ts). A plain form post goes
 * back to the page it came from; the hearts' script (Accept: application/json) gets the new
 * state and a sentence to announce.
 */
import { isSafeRelativePath } from "@deals/domain/login-redirect";
import { redirect } from "react-router";
import { wantsJson } from "../lib/add-to-basket.server.ts";
import { ApiError } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { cookieHeaders } from "../lib/forms.ts";
import { toggleWish } from "../lib/wishlist.server.ts";
import { heartChoice, WISHLIST_HEART_MESSAGES, type WishlistHeartAnswer } from "../lib/wishlist-heart.ts";
import type { Route } from "./+types/wishlist-toggle";

export function loader() {
  return redirect("/wishlist");
}

function answer(
  request: Request,
  form: FormData,
  result: WishlistHeartAnswer,
  status: number,
  setCookies: string[] = [],
) {
  const headers = cookieHeaders(setCookies);
  headers.set("Cache-Control", "private, no-store");
  if (wantsJson(request)) return Response.json(result, { status, headers });
  const back = String(form.get("returnTo") ?? "");
  return redirect(isSafeRelativePath(back) ? back : "/wishlist", { status: 303, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = heartChoice(form);
  if (!choice) {
    // Nothing changed: a heart asking to unwish was wished.
    return answer(
      request,
      form,
      { wished: form.has("unwish"), message: WISHLIST_HEART_MESSAGES.failed },
      400,
    );
  }
  const { dealId, wish } = choice;
  const brand = requestBrand(request);
  try {
    const toggled = await toggleWish(context, brand, request, dealId, wish);
    const message = toggled.wished ? WISHLIST_HEART_MESSAGES.added : WISHLIST_HEART_MESSAGES.removed;
    return answer(request, form, { wished: toggled.wished, message }, 200, toggled.setCookies);
  } catch (error) {
    if (!(error instanceof ApiError)) console.warn("wishlist change failed", error);
    const status = error instanceof ApiError && error.status < 500 ? error.status : 502;
    return answer(request, form, { wished: !wish, message: WISHLIST_HEART_MESSAGES.failed }, status);
  }
}
