/**
 * Text and attribute values escaped for the parts of plain pages written as text
 * (deal-card-html.ts, listing-filters-html.ts, review-list-html.ts): as React escapes them, and
 * characters above U+00FF (€, curly quotes, dashes, ★) written as character references.
 *
 * Why the references: V8 keeps a string of Latin-1 characters at a byte each, and a page is
 * its pieces joined; one wider character anywhere makes the whole joined page two bytes a
 * character, copied at twice the size and encoded to UTF-8 more slowly: about 100 µs of a 150 KB
 * homepage's 2.5 ms (docs/scaling.md "Pages of one byte a character"). A browser reads `&#8364;`
 * as `€`.
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

const UNSAFE = /[&<>"'\u0100-\uffff]/;
// By code point, so a character outside the Basic Multilingual Plane is one reference.
const EACH_UNSAFE = /[&<>"']|[^\0-\xff]/gu;

const escapeCharacter = (character: string) => ENTITIES[character] ?? `&#${character.codePointAt(0)};`;

/** Most texts need nothing: a test first costs a third of a replace that finds nothing. */
export const escapeHtml = (text: string) =>
  UNSAFE.test(text) ? text.replace(EACH_UNSAFE, escapeCharacter) : text;

/** "…" as a reference, for markup React writes, whose text React never writes as references. */
export const ELLIPSIS_HTML = { __html: "&hellip;" };
