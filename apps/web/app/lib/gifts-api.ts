/** The e-gift calls of the API: claiming a gift by its code, and the gifts a customer sent. */
import type { ClaimedGift, SentGifts } from "@deals/api/modules/gifts/schemas";
import type { Brand } from "@deals/domain/brand";
import type { AppLoadContext } from "react-router";
import { shopperCaller } from "./basket-api.ts";

export type { ClaimedGift, SentGifts };

export function giftsClient(context: AppLoadContext, brand: Brand, request: Request) {
  const call = shopperCaller(context.apiFetch, brand, request);
  return {
    claim: (code: string) => call<ClaimedGift>("POST", "/v1/gift/claim", { code }),
    sent: () => call<SentGifts>("GET", "/v1/user/gifts"),
  };
}
