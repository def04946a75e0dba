/** The merchant fulfilment API, called as the merchant of a deal with its key (merchant-keys.ts). */
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { expect, inject } from "vitest";
import { merchantKey } from "./merchant-keys.ts";
import { siteUrl } from "./site.ts";

export interface MerchantVoucher {
  id: number;
  code: string;
  status: string;
  fulfilment: { status: string; courier: string | null; trackingNumber: string | null };
}

/** One step for a voucher (its id or code) as merchant `merchantId` of a brand's deal; what the API answered. */
export async function merchantStep(
  brandId: BrandId,
  merchantId: number,
  voucher: number | string,
  step: "dispatch" | "delivered" | "return-received",
  body?: object,
): Promise<MerchantVoucher> {
  const response = await fetch(siteUrl(`/v1/merchant/voucher/${voucher}/${step}`), {
    method: "POST",
    headers: {
      brand: BRANDS[brandId].key,
      "country-code": BRANDS[brandId].countryCode,
      authorization: `Bearer ${merchantKey(inject("merchantKeySecret"), merchantId)}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, `${step}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as MerchantVoucher;
}
