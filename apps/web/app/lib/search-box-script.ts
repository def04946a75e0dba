/**
 * The search box's suggestions on plain (not hydrated) pages, run by the plain shell's island:
 * the same combobox SearchBox.tsx is once hydrated (WAI-ARIA pattern). Suggestions as the
 * shopper types (after a short pause), the top searches when the box is empty, arrow keys
 * move through them (aria-activedescendant), Enter opens the active one, Escape closes the
 * list. Without it the box is a plain GET form to /search.
 */
import { SUGGEST_DEBOUNCE_MS } from "@deals/domain/constants";
import type { Suggestions, TopSearches } from "./api-types.ts";
import { isListKey, nextActiveIndex } from "./combobox.ts";
import { type SuggestionGroup, suggestionGroups, topSearchGroups } from "./search-suggestions.ts";

export interface SearchBoxScriptConfig {
  /** The API's request headers for this brand (api.ts apiHeaders). */
  headers: Record<string, string>;
  /** The shopper's location short name: category suggestions link to its listings. */
  location: string;
  debounceMs: number;
}

export function enhanceSearchBox(
  config: SearchBoxScriptConfig,
  groupsOf: typeof suggestionGroups,
  topGroupsOf: typeof topSearchGroups,
  listKey: typeof isListKey,
  nextIndex: typeof nextActiveIndex,
): void {
  const input = document.querySelector<HTMLInputElement>('.search-box input[role="combobox"]');
  const list = input && document.getElementById(input.getAttribute("aria-controls") ?? "");
  if (!input || !list || typeof fetch !== "function") return;
  const optionId = (index: number) => `${input.id.replace(/-input$/, "")}-option-${index}`;

  let open = false;
  let active = -1;
  let hrefs: string[] = [];
  let latestRequest = 0;
  let timer = 0;

  function update() {
    if (!input || !list) return;
    const expanded = open && hrefs.length > 0;
    list.hidden = !expanded;
    input.setAttribute("aria-expanded", String(expanded));
    for (const [i, option] of [...list.querySelectorAll('[role="option"]')].entries()) {
      option.setAttribute("aria-selected", String(i === active));
    }
    if (expanded && active !== -1) input.setAttribute("aria-activedescendant", optionId(active));
    else input.removeAttribute("aria-activedescendant");
  }

  function render(groups: SuggestionGroup[]) {
    if (!list) return;
    let index = 0;
    hrefs = [];
    list.replaceChildren(
      ...groups.map((group) => {
        const element = document.createElement("div");
        element.setAttribute("role", "group");
        element.setAttribute("aria-label", group.label);
        const label = document.createElement("div");
        label.className = "search-box__group";
        label.setAttribute("aria-hidden", "true");
        label.textContent = group.label;
        element.append(label);
        for (const option of group.options) {
          const item = document.createElement("div");
          item.id = optionId(index++);
          item.setAttribute("role", "option");
          item.className = "search-box__option";
          item.dataset.href = option.href;
          item.textContent = option.label;
          element.append(item);
          hrefs.push(option.href);
        }
        return element;
      }),
    );
    active = -1;
    update();
  }

  // Only the answer to what is typed now counts: an earlier, slower one is dropped.
  function suggest() {
    if (!input) return;
    const request = ++latestRequest;
    const typed = input.value.trim();
    clearTimeout(timer);
    timer = window.setTimeout(
      async () => {
        try {
          const path =
            typed === ""
              ? "/v1/top-searches"
              : `/v1/suggest?q=${encodeURIComponent(typed)}&location=${encodeURIComponent(config.location)}`;
          const response = await fetch(path, { headers: config.headers });
          if (!response.ok) throw new Error(`${path} answered ${response.status}`);
          const answer: unknown = await response.json();
          if (request !== latestRequest) return;
          render(typed === "" ? topGroupsOf(answer as TopSearches) : groupsOf(answer as Suggestions));
        } catch (error) {
          console.warn("search suggestions unavailable", error);
        }
      },
      typed === "" ? 0 : config.debounceMs,
    );
  }

  const openList = () => {
    open = true;
    suggest();
    update();
  };
  const close = () => {
    open = false;
    active = -1;
    clearTimeout(timer);
    update();
  };
  const go = (href: string) => {
    close();
    location.assign(href);
  };

  input.addEventListener("focus", openList);
  input.addEventListener("input", openList);
  input.addEventListener("blur", close);
  input.addEventListener("keydown", (event) => {
    const { key } = event;
    const expanded = open && hrefs.length > 0;
    if (listKey(key) && (key.startsWith("Arrow") || active !== -1)) {
      event.preventDefault();
      if (!open) openList();
      else {
        active = nextIndex(active, key, hrefs.length);
        update();
      }
    } else if (key === "Enter" && expanded && active !== -1) {
      event.preventDefault();
      const href = hrefs[active];
      if (href) go(href);
    } else if (key === "Escape") {
      if (expanded) {
        event.preventDefault();
        close();
      } else input.value = "";
    }
  });
  // Keep the focus in the box, so the list stays open until the click lands.
  list.addEventListener("mousedown", (event) => event.preventDefault());
  list.addEventListener("click", (event) => {
    const option =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[role="option"]') : null;
    if (option?.dataset.href) go(option.dataset.href);
  });
  // The typed words, trimmed, as SearchBox sends them.
  input.form?.addEventListener("submit", () => {
    input.value = input.value.trim();
  });
}

/** The search box of one page: the brand's API headers and the shopper's location are its own. */
export function enhancePlainSearchBox(config: Omit<SearchBoxScriptConfig, "debounceMs">): void {
  enhanceSearchBox(
    { ...config, debounceMs: SUGGEST_DEBOUNCE_MS },
    suggestionGroups,
    topSearchGroups,
    isListKey,
    nextActiveIndex,
  );
}
