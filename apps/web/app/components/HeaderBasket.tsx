/**
 * The header's basket link with the number of items in it. The count comes from the shell
 * (the root loader reads the basket cookie's basket); while the basket page changes a line,
 * the count it expects is shown at once (`basketCount` in the pending form), and the shell's
 * count returns if the change fails. On the plain deal page, its script updates
 * `data-basket-count` itself.
 */
import { useFetchers } from "react-router";
import { Link } from "./Link.tsx";

function BasketIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="18" height="18" aria-hidden="true">
      <path
        d="M1 2h2l2 8h8l2-6H4.2M6 13.5a1 1 0 1 0 0 .1M12 13.5a1 1 0 1 0 0 .1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The count the latest pending basket change expects, if one is on its way. */
function usePendingCount(): number | undefined {
  const pending = useFetchers()
    .map((fetcher) => fetcher.formData?.get("basketCount"))
    .filter((value): value is string => typeof value === "string");
  const latest = pending.at(-1);
  return latest === undefined ? undefined : Number(latest);
}

export function HeaderBasket({ count }: { count: number }) {
  const shown = usePendingCount() ?? count;
  return (
    <Link to="/basket" className="header-basket">
      <BasketIcon />
      <span className="header-basket__label">Basket</span>
      <span className="visually-hidden">, items: </span>
      <span className="header-basket__count" data-basket-count>
        {shown}
      </span>
    </Link>
  );
}
