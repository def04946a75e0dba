/** The refer-a-friend calls of the API (services.md §7.2 "/raf/status"), made for the shopper's request. */
import type { RafStatus } from "@deals/api/modules/referral/schemas";
import type { Brand } from "@deals/domain/brand";
import { apiErrorFrom, apiHeaders } from "./api.ts";
import type { ApiFetch } from "./context.ts";
import { forwardingCall } from "./forwarding-call.ts";

export type { RafStatus };

export function createReferralClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const call = forwardingCall(fetcher, brand, request);
  return {
    status: () => call<RafStatus>("GET", "/v1/user/raf/status?origin=web"),
    invite: (email: string) =>
      call<{ message: string; status: RafStatus }>("POST", "/v1/user/raf/invite", { email }),
    withdraw: (id: string) => call<RafStatus>("DELETE", `/v1/user/raf/invite/${encodeURIComponent(id)}`),
    assign: (referralCode: string) =>
      call<{ referrerFirstName: string; message: string }>("POST", "/v1/user/raf/assign", { referralCode }),
    share: (channel: "copy" | "share") =>
      call<{ shares: number }>("POST", "/v1/user/raf/stat/share", { channel }),
  };
}

/**
 * Counts a referral link opened and answers whose it is. Public: sent without the visitor's
 * cookies, as a server call (the page's GET carries no Origin for the API's CSRF check).
 */
export async function openReferralLink(fetcher: ApiFetch, brand: Brand, referralCode: string) {
  const response = await fetcher("/v1/user/raf/stat/open", {
    method: "POST",
    headers: { ...apiHeaders(brand), "content-type": "application/json" },
    body: JSON.stringify({ referralCode }),
  });
  if (!response.ok) throw await apiErrorFrom(response);
  return (await response.json()) as { referrerFirstName: string };
}
