import type { CheckoutData } from "../../lib/basket-api.ts";
import { FormAlert } from "../FormMessages.tsx";

/** Lines the server will drop at payment, each with its reason; nothing when there are none. */
export function RemovedItems({ items }: { items: CheckoutData["removedItems"] }) {
  if (items.length === 0) return null;
  return (
    <FormAlert message="Some items can no longer be bought and will be removed when you pay:">
      <ul>
        {items.map((item) => (
          <li key={item.id}>{item.message}</li>
        ))}
      </ul>
    </FormAlert>
  );
}
