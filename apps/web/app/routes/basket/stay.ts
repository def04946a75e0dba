/**
 * POST /basket/stay: the deal page's "Book these dates" (fields dealId, checkInDate,
 * checkOutDate, guests and, for a package, flightId). The API holds the rooms (and seats) for
 * 15 minutes and puts the stay in the basket (created on the first add); the shopper goes
 * straight to checkout, where the hold counts down. A refusal (the dates were just taken, a
 * stay the calendar does not allow) is shown on the basket page, as an add's is.
 */
import { redirect } from "react-router";
import { ADD_TO_BASKET_FAILED_MESSAGE, BASKET_PATH } from "../../lib/add-to-basket.ts";
import { ApiError } from "../../lib/api.ts";
import { basketClient, basketToken, setBasketNotice } from "../../lib/basket.server.ts";
import type { BasketClient } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { checkoutPath } from "../../lib/checkout.server.ts";
import { cookieHeaders, formText } from "../../lib/forms.ts";
import type { Route } from "./+types/stay";

export function loader() {
  return redirect(BASKET_PATH);
}

type StayBody = Parameters<BasketClient["holdStay"]>[1];

/** The form's stay; the API checks every value (a bad one is its 4xx to show). */
function readStay(form: FormData): StayBody {
  const flightId = formText(form, "flightId");
  return {
    dealId: Number(formText(form, "dealId")),
    checkInDate: formText(form, "checkInDate"),
    checkOutDate: formText(form, "checkOutDate"),
    guests: Number(formText(form, "guests")),
    ...(flightId ? { flightId: Number(flightId) } : {}),
  };
}

/** The shopper's basket, or a new one when there is none (or it has gone). */
async function basketFor(client: BasketClient, token: string | undefined) {
  if (token) {
    try {
      return { token: (await client.basket(token)).data.id, setCookies: [] };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    }
  }
  const created = await client.create([]);
  return { token: created.data.id, setCookies: created.setCookies };
}

export async function action({ request, context }: Route.ActionArgs) {
  const stay = readStay(await request.formData());
  const client = basketClient(context, requestBrand(request), request);
  let setCookies: string[] = [];
  try {
    const basket = await basketFor(client, basketToken(request));
    setCookies = basket.setCookies;
    await client.holdStay(basket.token, stay);
    return redirect(checkoutPath(basket.token), { status: 303, headers: cookieHeaders(setCookies) });
  } catch (error) {
    const refused = error instanceof ApiError && error.status < 500;
    if (!refused) console.error("holding a stay failed", error);
    const headers = cookieHeaders(setCookies);
    const text = refused ? error.message : ADD_TO_BASKET_FAILED_MESSAGE;
    headers.append("Set-Cookie", setBasketNotice(request, { kind: "refused", text }));
    return redirect(BASKET_PATH, { status: 303, headers });
  }
}
