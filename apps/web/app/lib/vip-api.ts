/** The VIP membership calls of the API (GET /v1/vip and its changes), for the signed-in shopper's request. */
import type { VipStatus } from "@deals/api/modules/vip/schemas";
import type { Brand } from "@deals/domain/brand";
import { COOKIES } from "@deals/domain/cookies";
import { vipStatusLabel } from "@deals/domain/subscription";
import type { ApiFetch } from "./context.ts";
import { setCookie } from "./cookies.server.ts";
import { forwardingCall } from "./forwarding-call.ts";

export type { VipStatus };

export interface VipCard {
  number: string;
  expiry: string;
  securityCode: string;
}

export function createVipClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const call = forwardingCall(fetcher, brand, request);
  return {
    status: () => call<VipStatus>("GET", "/v1/vip"),
    /** The same idempotency key always answers the first payment: a double submit pays once. */
    subscribe: (card: VipCard, idempotencyKey: string) =>
      call<VipStatus>("POST", "/v1/vip/subscribe", { card }, { "idempotency-key": idempotencyKey }),
    freeTrial: () => call<VipStatus>("POST", "/v1/vip/free-trial"),
    cancel: () => call<VipStatus>("POST", "/v1/vip/cancel"),
  };
}

/** The VIP membership cookie (1 day, services.md §9) after a change of membership. */
export function vipMembershipCookie(request: Request, status: VipStatus): string {
  return setCookie(request, COOKIES.vipMembership, vipStatusLabel(status.vipUser));
}
