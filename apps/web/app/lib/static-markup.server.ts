/**
 * The server's StaticMarkup: a part of a plain page is written once per distinct input and the
 * HTML kept. The header's category menus are a fifth of a page's render and the same on every
 * page of a brand and location (docs/scaling.md "Pages at the origin"). The key is the part's
 * whole input, so a changed menu is a new key, never stale markup; the oldest entries go once
 * there are more than MAX_ENTRIES.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { StaticMarkup } from "./static-markup.ts";

const MAX_ENTRIES = 500;

export function createStaticMarkup(maxEntries = MAX_ENTRIES): StaticMarkup {
  const written = new Map<string, string>();
  return (key: string, render: () => ReactElement) => {
    const kept = written.get(key);
    if (kept !== undefined) return kept;
    const html = renderToStaticMarkup(render());
    if (written.size >= maxEntries) written.delete(written.keys().next().value!);
    written.set(key, html);
    return html;
  };
}
