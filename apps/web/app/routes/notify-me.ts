/**
 * POST /notify-me: the deal page's notify-me form (fields dealId, email, returnTo, the deal's
 * own path). It asks the API for the back-in-stock email and goes back to the deal, which says
 * how it went (?notifyMe=sent, invalid or failed; the words are the page's own).
 */
import { NOTIFY_ME_ANCHOR, type NotifyMeOutcome } from "@deals/domain/notify-me";
import { parseDealPath } from "@deals/domain/page-type";
import { redirect } from "react-router";
import { ApiError, createApiClient } from "../lib/api.ts";
import { requestBrand } from "../lib/brand.server.ts";
import type { Route } from "./+types/notify-me";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const back = String(form.get("returnTo") ?? "");
  // Only ever back to a deal page of this site.
  const deal = parseDealPath(back) && back.startsWith("/deal/") ? back : "/";
  const to = (outcome: NotifyMeOutcome) =>
    redirect(`${deal}?notifyMe=${outcome}#${NOTIFY_ME_ANCHOR}`, {
      status: 303,
      headers: { "Cache-Control": "private, no-store" },
    });
  const dealId = Number(form.get("dealId"));
  const email = String(form.get("email") ?? "");
  try {
    await createApiClient(context.apiFetch, requestBrand(request)).notifyMe(dealId, email);
    return to("sent");
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return to("invalid");
    // 409: back on sale or ended since the page showed, which the deal page now says.
    if (!(error instanceof ApiError && error.status === 409)) console.warn("notify me failed", error);
    return to("failed");
  }
}
