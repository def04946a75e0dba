/**
 * Adding to the basket from the deal page's form (fields dealId, productId, quantity): the
 * messages the shopper reads and what the /basket/add action answers a script. The deal
 * page's island imports them too, so this file stays free of server code.
 */

/** services.md §8 "User-facing messages": when the add itself could not be done. */
export const ADD_TO_BASKET_FAILED_MESSAGE =
  "Oops! Something went wrong. Please try again or click Add to Basket.";
export const ADDED_TO_BASKET_MESSAGE = "Added to your basket.";
export const BASKET_PATH = "/basket";

/** What /basket/add answers a script that asked for JSON. */
export type AddToBasketAnswer =
  | { added: true; count: number; message: string; basketUrl: string }
  | { added: false; message: string };
