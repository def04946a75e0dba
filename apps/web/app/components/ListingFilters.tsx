import { BREAKPOINTS_PX } from "@deals/domain/constants";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ListingFilters as Filters } from "../lib/listing-filters.server.ts";
import { listingFiltersHtml } from "../lib/listing-filters-html.ts";
import { listingSearchFromForm, PRICE_BOUNDS, SORT_FIELD, withSearch } from "../lib/listing-search.ts";
import { usePlainRender } from "../lib/static-markup.ts";
import { Link } from "./Link.tsx";

/** Below the large size the filters fold away under their summary (services.md §9 lg). */
const FOLDED_FILTERS_MEDIA = `(max-width: ${BREAKPOINTS_PX.lg}px)`;

interface Choices {
  sort: string;
  minPrice: string;
  maxPrice: string;
  /** Checked facet values, as "param=value". */
  checked: string[];
}

function choicesOf(filters: Filters): Choices {
  return {
    sort: filters.sort,
    minPrice: filters.minPrice,
    maxPrice: filters.maxPrice,
    checked: filters.facets.flatMap((group) =>
      group.options.filter((option) => option.checked).map((option) => `${group.param}=${option.value}`),
    ),
  };
}

/**
 * Sort, price range and facets of a listing (product.md §2 "Routes"). A plain GET form: it
 * works without JavaScript (the server tidies the address); with it, each change goes
 * straight to the tidy address, so a filtered page can always be shared. A plain page, which
 * never hydrates, gets the same form written as text (lib/listing-filters-html.ts): some
 * hundred elements, React's largest part of a listing page once its cards were text.
 */
export function ListingFilters({ filters }: { filters: Filters }) {
  if (!usePlainRender()) return <LiveFilters filters={filters} />;
  const html = listingFiltersHtml(filters);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: every text in it is escaped (listing-filters-html.ts)
  return <details className="filters" open dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The form on a page that hydrates: its choices follow the shopper's changes. */
function LiveFilters({ filters }: { filters: Filters }) {
  const navigate = useNavigate();
  const [choices, setChoices] = useState(() => choicesOf(filters));
  // Back and Forward bring other filters with them.
  useEffect(() => setChoices(choicesOf(filters)), [filters]);

  const apply = (form: HTMLFormElement) => {
    const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)] as const);
    navigate(withSearch(filters.action, listingSearchFromForm(fields, filters.sorts)), {
      preventScrollReset: true,
    });
  };
  const toggle = (field: string) =>
    setChoices((current) => ({
      ...current,
      checked: current.checked.includes(field)
        ? current.checked.filter((f) => f !== field)
        : [...current.checked, field],
    }));

  // Open without JavaScript and on wide screens; folded on small screens once mounted.
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const small = window.matchMedia(FOLDED_FILTERS_MEDIA);
    const fit = () => setOpen(!small.matches);
    fit();
    small.addEventListener("change", fit);
    return () => small.removeEventListener("change", fit);
  }, []);

  return (
    <details className="filters" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="filters__summary">
        Sort and filter{filters.active > 0 && ` (${filters.active} on)`}
      </summary>
      <form
        className="filters__form"
        method="get"
        action={filters.action}
        aria-label="Sort and filter deals"
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget);
        }}
        onChange={(event) => apply(event.currentTarget)}
      >
        {filters.kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="filters__row">
          <div className="filters__field">
            <label htmlFor="filter-sort">Sort by</label>
            <select
              id="filter-sort"
              name={SORT_FIELD}
              value={choices.sort}
              onChange={(event) => setChoices({ ...choices, sort: event.target.value })}
            >
              {filters.sorts.map((sort) => (
                <option key={sort.id} value={sort.id}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
          {PRICE_BOUNDS.map(({ name, label }) => (
            <div className="filters__field" key={name}>
              <label htmlFor={`filter-${name}`}>{label}</label>
              <select
                id={`filter-${name}`}
                name={name}
                value={choices[name]}
                onChange={(event) => setChoices({ ...choices, [name]: event.target.value })}
              >
                <option value="">Any</option>
                {filters.prices.map((price) => (
                  <option key={price.value} value={price.value}>
                    {price.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        {filters.stay && <StayFields stay={filters.stay} />}
        {filters.facets.map((group) => (
          <fieldset key={group.param} className="filters__facet">
            <legend>{group.legend}</legend>
            <ul>
              {group.options.map((option) => {
                const field = `${group.param}=${option.value}`;
                return (
                  <li key={option.value}>
                    <label>
                      <input
                        type="checkbox"
                        name={group.param}
                        value={option.value}
                        checked={choices.checked.includes(field)}
                        onChange={() => toggle(field)}
                      />{" "}
                      {option.label}
                      {option.count !== undefined && (
                        <span className="filters__count"> ({option.count})</span>
                      )}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
        <div className="filters__actions">
          <button type="submit" className="button">
            Apply
          </button>
          {filters.active > 0 && (
            <Link to={filters.clearHref} preventScrollReset>
              Clear filters
            </Link>
          )}
        </div>
      </form>
    </details>
  );
}

/**
 * Travel dates (check-in, nights, guests): only deals that can be booked for that stay are
 * listed, each with its price. Keyed by the chosen values so Back and Forward reset them.
 */
function StayFields({ stay }: { stay: NonNullable<Filters["stay"]> }) {
  return (
    <fieldset className="filters__row filters__stay" key={`${stay.checkIn}/${stay.nights}/${stay.guests}`}>
      <legend>Travel dates</legend>
      <div className="filters__field">
        <label htmlFor="filter-checkIn">Check-in</label>
        <input id="filter-checkIn" type="date" name="checkIn" min={stay.min} defaultValue={stay.checkIn} />
      </div>
      <div className="filters__field">
        <label htmlFor="filter-nights">Nights</label>
        <select id="filter-nights" name="nights" defaultValue={stay.nights}>
          {stay.nightOptions.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "night" : "nights"}
            </option>
          ))}
        </select>
      </div>
      <div className="filters__field">
        <label htmlFor="filter-guests">Guests</label>
        <select id="filter-guests" name="guests" defaultValue={stay.guests}>
          {stay.guestOptions.map((n) => (
            <option key={n} value={n}>
              {n} guests
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
