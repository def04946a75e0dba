/**
 * A page's text as UTF-8 bytes, for plain pages written whole (entry.server.tsx).
 *
 * `Buffer.from` counts the bytes a string needs before it writes them. For a page of one byte a
 * character the count is quick, but one character above U+00FF (a deal's en dash) makes the
 * whole page two bytes a character, and V8 then counts it character by character, which cost
 * about as much as writing it: some 5 % of a deal page's work (docs/scaling.md). Written instead
 * into a buffer kept for the purpose, big enough for any text of that length (UTF-8 takes at
 * most three bytes for each UTF-16 unit), and copied out at the length written.
 */
let scratch = Buffer.allocUnsafeSlow(0);

export function utf8Bytes(text: string): Buffer {
  const most = text.length * 3;
  if (scratch.length < most) scratch = Buffer.allocUnsafeSlow(most);
  const length = scratch.write(text, "utf8");
  return Buffer.from(scratch.subarray(0, length));
}
