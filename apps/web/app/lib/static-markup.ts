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

/** Whether the server is writing a plain page now, whose parts may be written as text. */
export function usePlainRender(): boolean {
  return useStaticMarkup() !== null;
}
