/**
 * Keyboard movement in the search box's list of suggestions (a combobox with a listbox, as
 * the WAI-ARIA authoring practices describe it): the active option is an index, -1 for none,
 * in which case the typed text stays in charge.
 */

export type ListKey = "ArrowDown" | "ArrowUp" | "Home" | "End";

export function isListKey(key: string): key is ListKey {
  return key === "ArrowDown" || key === "ArrowUp" || key === "Home" || key === "End";
}

/**
 * The option active after a key: down and up move one step and wrap through "none" (so the
 * shopper can get back to what they typed), Home and End jump to the first and last option.
 */
export function nextActiveIndex(active: number, key: ListKey, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case "ArrowDown":
      return active >= count - 1 ? -1 : active + 1;
    case "ArrowUp":
      return active === -1 ? count - 1 : active - 1;
    case "Home":
      return 0;
    case "End":
      return count - 1;
  }
}
