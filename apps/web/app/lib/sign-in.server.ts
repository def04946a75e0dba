/**
 * What every way of signing in carries over (password, registration, activation, Google):
 * the session's cookies, the customer's one basket (a guest basket joins it), their
 * wishlist (a guest list merges into it) and the friend's referral they arrived by.
 */
import type { Brand } from "@deals/domain/brand";
import type { AppLoadContext } from "react-router";
import { basketAfterSignIn, withCookies } from "./basket.server.ts";
import { referralAfterSignIn } from "./referral.server.ts";
import { wishlistAfterSignIn } from "./wishlist.server.ts";

export async function afterSignIn(
  context: AppLoadContext,
  brand: Brand,
  request: Request,
  session: { customerToken: string; setCookies: string[] },
  guestBasket?: string,
): Promise<{ basketToken: string | undefined; setCookies: string[] }> {
  const signedIn = withCookies(request, session.setCookies);
  const [basket, wishlist, referral] = await Promise.all([
    basketAfterSignIn(context, brand, signedIn, session.customerToken, guestBasket),
    wishlistAfterSignIn(context, brand, signedIn, session.customerToken),
    referralAfterSignIn(context, brand, signedIn),
  ]);
  return {
    basketToken: basket.token,
    setCookies: [...session.setCookies, ...basket.setCookies, ...wishlist, ...referral],
  };
}
