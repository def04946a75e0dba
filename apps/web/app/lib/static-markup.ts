/**
 * Markup a plain page (one that never hydrates) may take ready-made: the server render
 * provides a renderer (static-markup.server.ts) that keeps what a part wrote for the inputs
 * it was given. Absent in the browser and in tests that render without it, where the part
 * renders as React components.
 */
import { createContext, type ReactElement, useContext } from "react";

/** Writes `render()` to HTML, or hands back what it wrote before for the same `key`. */
export type StaticMarkup = (key: string, render: () => ReactElement) => string;

export const StaticMarkupContext = createContext<StaticMarkup | null>(null);

export function useStaticMarkup(): StaticMarkup | null {
  return useContext(StaticMarkupContext);
}

/**
 * The key of a part written from `input` (a menu's entries, the locations) and a few small
 * values in `name`, made once per input object. Pages share their inputs for a few seconds
 * (the API's shared answers), and a key made afresh, 13 KB for a location's menu, was copied,
 * hashed and compared in full on every page; the same key again is found at once.
 */
const partKeys = new WeakMap<object, Map<string, string>>();
export function partKey(name: string, input: object): string {
  let byName = partKeys.get(input);
  if (byName === undefined) {
    byName = new Map();
    partKeys.set(input, byName);
  }
  let key = byName.get(name);
  if (key === undefined) {
    key = `${name}:${JSON.stringify(input)}`;
    byName.set(name, key);
  }
  return key;
}

/** Whether the server is writing a plain page now, whose parts may be written as text. */
export function usePlainRender(): boolean {
  return useStaticMarkup() !== null;
}
