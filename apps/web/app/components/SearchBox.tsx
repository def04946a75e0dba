import type { Brand } from "@deals/domain/brand";
import { LISTING_QUERY_LIMITS, SUGGEST_DEBOUNCE_MS } from "@deals/domain/constants";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { createApiClient } from "../lib/api.ts";
import { isListKey, nextActiveIndex } from "../lib/combobox.ts";
import {
  type SuggestionGroup,
  searchHref,
  suggestionGroups,
  topSearchGroups,
} from "../lib/search-suggestions.ts";

interface SearchBoxProps {
  brand: Brand;
  /** The shopper's location short name: category suggestions link to its listings. */
  location: string;
}

/** The query of the search page being shown, to keep it in the box. */
function shownQuery(pathname: string, search: string): string {
  return pathname === "/search" ? (new URLSearchParams(search).get("q") ?? "") : "";
}

/**
 * The site search: a plain GET form to /search, so it works on every page, hydrated or not.
 * Once hydrated it is a combobox (WAI-ARIA pattern): suggestions as the shopper types (after
 * a short pause), the top searches when the box is empty, arrow keys move through them
 * (aria-activedescendant), Enter opens the active one, Escape closes the list.
 */
export function SearchBox({ brand, location }: SearchBoxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const here = useLocation();
  const navigate = useNavigate();
  const current = shownQuery(here.pathname, here.search);
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [groups, setGroups] = useState<SuggestionGroup[]>([]);
  const [active, setActive] = useState(-1);
  const latestRequest = useRef(0);
  const api = useMemo(() => createApiClient((path, init) => fetch(path, init), brand), [brand]);

  // A new page shows its own query (or none). On the first, what the shopper typed (or
  // autofill filled) before hydration stays: React leaves it in the field, not in state.
  const field = useRef<HTMLInputElement>(null);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (shownFor.current === current) return;
    const typed = shownFor.current === null ? field.current?.value : undefined;
    shownFor.current = current;
    setText(typed ?? current);
  }, [current]);

  useEffect(() => {
    if (!open) return;
    const request = ++latestRequest.current;
    const typed = text.trim();
    const timer = setTimeout(
      async () => {
        try {
          const found =
            typed === ""
              ? topSearchGroups(await api.topSearches())
              : suggestionGroups(await api.suggest(typed, location));
          // Only the answer to what is typed now: an earlier, slower one is dropped.
          if (request !== latestRequest.current) return;
          setGroups(found);
          setActive(-1);
        } catch (error) {
          console.warn("search suggestions unavailable", error);
        }
      },
      typed === "" ? 0 : SUGGEST_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, open, api, location]);

  const options = groups.flatMap((group) => group.options);
  const expanded = open && options.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (href: string) => {
    close();
    navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if (isListKey(key) && (key.startsWith("Arrow") || active !== -1)) {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive(nextActiveIndex(active, key, options.length));
    } else if (key === "Enter" && expanded && active !== -1) {
      event.preventDefault();
      const option = options[active];
      if (option) go(option.href);
    } else if (key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else setText("");
    }
  };

  let index = 0;
  return (
    <search className="search-box">
      <form
        action="/search"
        method="get"
        className="search-box__form"
        onSubmit={(event) => {
          event.preventDefault();
          go(searchHref(text.trim()));
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Search deals
        </label>
        <div className="search-box__field">
          <input
            ref={field}
            id={inputId}
            type="search"
            name="q"
            value={text}
            placeholder="Search deals"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={LISTING_QUERY_LIMITS.maxTextLength}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active !== -1 ? optionId(active) : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={close}
            onKeyDown={onKeyDown}
          />
          <div
            id={listId}
            role="listbox"
            aria-label="Search suggestions"
            className="search-box__list"
            hidden={!expanded}
          >
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role group
              <div key={group.label} role="group" aria-label={group.label}>
                <div className="search-box__group" aria-hidden="true">
                  {group.label}
                </div>
                {group.options.map((option) => {
                  const position = index++;
                  return (
                    // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the box (aria-activedescendant)
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the box's own keys choose options
                    <div
                      key={option.key}
                      id={optionId(position)}
                      role="option"
                      aria-selected={position === active}
                      className="search-box__option"
                      // Keep the focus in the box, so the list stays open until the click lands.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => go(option.href)}
                    >
                      {option.label}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </div>
        <button type="submit" className="search-box__submit">
          Search
        </button>
      </form>
    </search>
  );
}
