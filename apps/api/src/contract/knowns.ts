/**
 * Real values for the generated suites: a signed-in customer with a basket, a deal, a
 * location, so that generated requests reach past the first check into the handlers.
 */
import { BRANDS } from "@deals/domain/brand";
import type { CommerceTestApp, TestCustomer } from "../modules/checkout/test-support.ts";
import { brandHeaders } from "../testing.ts";
import type { Knowns } from "./bad-requests.ts";

const HOST = "main-uk.localhost:3000";

/** The headers a signed-in customer's browser sends on the main UK site. */
export function browserHeaders(customer: TestCustomer): Record<string, string> {
  const cookie = Object.entries(customer.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return { host: HOST, origin: `http://${HOST}`, cookie };
}

export async function knownValues(t: CommerceTestApp): Promise<Knowns & { customer: TestCustomer }> {
  const customer = await t.createCustomer();
  const product = await t.freshProduct({ left: 1_000 });
  const basketToken = await t.newBasket([product], customer);
  const { locations } = (await t.call({ method: "GET", url: "/v1/locations" })).json() as {
    locations: { shortName: string }[];
  };
  const location = locations[0]!.shortName;
  return {
    customer,
    brand: { ...brandHeaders("main-uk"), host: HOST },
    signedIn: browserHeaders(customer),
    values: {
      basketToken: [basketToken],
      id: [product.dealId, 1],
      dealId: [product.dealId],
      productId: [product.productId],
      location: [location],
      shortName: [location],
      postcode: ["SW1A 1AA"],
      postCode: ["SW1A 1AA"],
      site: [BRANDS["main-uk"].key, "main-uk"],
      number: ["4111111111111111"],
      expiry: ["12/30"],
      securityCode: ["123"],
      method: ["credit_card"],
    },
  };
}
