/** The second-checkout upsell's address for an order (product.md §2 "Routes": /order-addon). */
export const orderAddonPath = (reference: string) =>
  `/order-addon?${new URLSearchParams({ order: reference })}`;
