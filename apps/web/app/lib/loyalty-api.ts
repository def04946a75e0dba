/** The loyalty calls of the API (services.md §7.6), made for the signed-in shopper's request. */
import type { EventResult, ExchangeResult, LoyaltyStatusAnswer } from "@deals/api/modules/loyalty/schemas";
import type { Brand } from "@deals/domain/brand";
import type { ApiFetch } from "./context.ts";
import { forwardingCall } from "./forwarding-call.ts";

export type { ExchangeResult, LoyaltyStatusAnswer };

export function createLoyaltyClient(fetcher: ApiFetch, brand: Brand, request: Request) {
  const call = forwardingCall(fetcher, brand, request);
  return {
    status: () => call<LoyaltyStatusAnswer>("GET", "/v1/loyalty"),
    /** The same idempotency key always answers the first exchange. */
    exchange: (points: string, idempotencyKey: string) =>
      call<ExchangeResult>("POST", `/v1/loyalty/exchange/${encodeURIComponent(points)}`, undefined, {
        "idempotency-key": idempotencyKey,
      }),
    shareDeal: (dealId: number) =>
      call<EventResult>("POST", "/v1/loyalty/share-deal", { shareDeal: { dealId } }),
  };
}
