/**
 * Delivery options (product.md §3 "Deal product": productDeliveryOptions, "Basket line":
 * deliveryOptionType; services.md §7.3 PATCH ... deliveryOptionType). Posted goods are
 * delivered; a click-and-collect deal is collected, or delivered when the shopper prefers.
 * Postage is charged once per line, and only for delivery.
 */

export const DELIVERY_OPTION_TYPES = ["delivery", "collection"] as const;
export type DeliveryOptionType = (typeof DELIVERY_OPTION_TYPES)[number];

/** A deal's deliveryType ("none" is a value: vouchers and travel are not sent anywhere). */
export type DeliveryType = "none" | DeliveryOptionType;

export const DELIVERY_OPTION_NAMES: Record<DeliveryOptionType, string> = {
  delivery: "Delivery",
  collection: "Click and collect",
};

/** The options a deal offers; the first is what a new basket line starts with. */
export function deliveryOptionsFor(deliveryType: DeliveryType): DeliveryOptionType[] {
  if (deliveryType === "delivery") return ["delivery"];
  if (deliveryType === "collection") return ["collection", "delivery"];
  return [];
}

/** A line's postage under an option: the product's postage price for delivery, else nothing. */
export function postageFor(option: DeliveryOptionType | string | null, postagePriceMinor: number): number {
  return option === "delivery" ? postagePriceMinor : 0;
}
