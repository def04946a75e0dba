/**
 * POST /basket/add: the deal page's "Add to basket" (fields dealId, productId, quantity).
 * The basket is created on the first add and its token kept in the basket cookie
 * (product.md §4 "Basket"); a basket the API no longer knows is replaced by a new one. A plain
 * form post then goes to the basket page, which says what happened; a script's fetch()
 * (Accept: application/json) gets the new basket count to show in the header at once.
 */
import { redirect } from "react-router";
import { type AddToBasketInput, readAddToBasketForm, wantsJson } from "../../lib/add-to-basket.server.ts";
import {
  ADD_TO_BASKET_FAILED_MESSAGE,
  ADDED_TO_BASKET_MESSAGE,
  type AddToBasketAnswer,
  BASKET_PATH,
} from "../../lib/add-to-basket.ts";
import { ApiError } from "../../lib/api.ts";
import { type BasketNotice, basketClient, basketToken, setBasketNotice } from "../../lib/basket.server.ts";
import type { BasketClient } from "../../lib/basket-api.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import { cookieHeaders } from "../../lib/forms.ts";
import type { Route } from "./+types/add";

/** Nothing to show at this address: the basket is one step away. */
export function loader() {
  return redirect(BASKET_PATH);
}

/** Adds to the shopper's basket, or to a new one when there is none (or it has gone). */
async function addToBasket(client: BasketClient, token: string | undefined, input: AddToBasketInput) {
  if (!token) return client.create([input]);
  try {
    return await client.addProduct(token, input);
  } catch (error) {
    if (error instanceof ApiError && error.code === "BASKET_NOT_FOUND") return client.create([input]);
    throw error;
  }
}

function answer(request: Request, result: AddToBasketAnswer, status: number, setCookies: string[] = []) {
  const headers = cookieHeaders(setCookies);
  if (wantsJson(request)) {
    headers.set("Cache-Control", "private, no-store");
    return Response.json(result, { status, headers });
  }
  const notice: BasketNotice = { kind: result.added ? "added" : "refused", text: result.message };
  headers.append("Set-Cookie", setBasketNotice(request, notice));
  return redirect(BASKET_PATH, { status: 303, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const input = readAddToBasketForm(await request.formData());
  if ("problem" in input) return answer(request, { added: false, message: input.problem }, 400);
  const client = basketClient(context, requestBrand(request), request);
  try {
    const { data: basket, setCookies } = await addToBasket(client, basketToken(request), input);
    const added = {
      added: true,
      count: basket.quantity,
      message: ADDED_TO_BASKET_MESSAGE,
      basketUrl: BASKET_PATH,
    } as const;
    return answer(request, added, 200, setCookies);
  } catch (error) {
    // A refusal (sold out, over the cap) is the shopper's to read; anything else is ours.
    if (error instanceof ApiError && error.status < 500) {
      return answer(request, { added: false, message: error.message }, error.status);
    }
    console.error("add to basket failed", error);
    return answer(request, { added: false, message: ADD_TO_BASKET_FAILED_MESSAGE }, 502);
  }
}
