import type { GiftFinderSelection } from "@deals/domain/gift-finder";
import { useNavigate } from "react-router";
import {
  GIFT_FINDER_FIELDS,
  GIFT_FINDER_PATH,
  giftFinderFormSelection,
  giftFinderHref,
} from "../lib/gift-finder-link.ts";

interface Choice {
  label: string;
  slug: string;
}

interface GiftFinderFormProps {
  recipients: Choice[];
  personalities: Choice[];
  /** Budget labels, by their index in the budget steps. */
  budgets: string[];
  selection: GiftFinderSelection;
}

/**
 * Who the gift is for, what they are like and the budget (product.md §2 "Gift finder"). A
 * GET form: without JavaScript the server turns it into the gift finder's address.
 */
export function GiftFinderForm({ recipients, personalities, budgets, selection }: GiftFinderFormProps) {
  const navigate = useNavigate();
  const key = `${selection.recipient}-${selection.personality}-${selection.budget}`;
  return (
    <form
      key={key}
      className="gift-finder"
      method="get"
      action={GIFT_FINDER_PATH}
      aria-label="Gift finder"
      onSubmit={(event) => {
        event.preventDefault();
        const fields = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) fields.append(name, String(value));
        const chosen = giftFinderFormSelection(fields);
        if (chosen) navigate(giftFinderHref(chosen));
      }}
    >
      <div className="gift-finder__field">
        <label htmlFor="gift-recipient">Who is it for?</label>
        <select
          id="gift-recipient"
          name={GIFT_FINDER_FIELDS.recipient}
          defaultValue={selection.recipient ?? ""}
        >
          <option value="">Anyone</option>
          {recipients.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="gift-finder__field">
        <label htmlFor="gift-personality">What are they like?</label>
        <select
          id="gift-personality"
          name={GIFT_FINDER_FIELDS.personality}
          defaultValue={selection.personality ?? ""}
        >
          <option value="">Any personality</option>
          {personalities.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="gift-finder__field">
        <label htmlFor="gift-budget">Budget</label>
        <select id="gift-budget" name={GIFT_FINDER_FIELDS.budget} defaultValue={selection.budget ?? ""}>
          <option value="">Any budget</option>
          {budgets.map((label, index) => (
            <option key={label} value={index}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        Find gifts
      </button>
    </form>
  );
}
