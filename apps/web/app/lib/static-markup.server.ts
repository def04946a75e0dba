/**
 * The server's StaticMarkup: a part of a plain page is written once per distinct input and the
 * HTML kept. The header's category menus are a fifth of a page's render and the same on every
 * page of a brand and location (docs/scaling.md "Pages at the origin"). The key is the part's
 * whole input, so a changed menu is a new key, never stale markup; the oldest entries go once
 * there are more than MAX_ENTRIES.
 *
 * The HTML is kept as one flat string. React writes it as thousands of small strings added
 * together, and V8 keeps such a string as the pieces until something reads it whole; a page
 * holding it is turned into bytes piece by piece, so kept pieces would be walked again on every
 * page (the header's menus: about 60 µs a page as pieces, 11 µs flat; docs/scaling.md).
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
    const html = flat(renderToStaticMarkup(render()));
    if (written.size >= maxEntries) written.delete(written.keys().next().value!);
    written.set(key, html);
    return html;
  };
}

/** The same text as one flat string: decoding its bytes writes it afresh in one piece. */
function flat(text: string): string {
  return Buffer.from(text).toString();
}
