/**
 * A page's text as UTF-8 bytes, for plain pages written whole (entry.server.tsx).
 *
 * `Buffer.from` (Node 20) counts the bytes a string needs, then writes them a character at a
 * time; a page holding one character above U+00FF (a deal's en dash) is two bytes a character
 * throughout, and both passes are slow: some 8 % of a deal page's work (docs/scaling.md).
 * Copying the UTF-16 units as they are and converting them with Node's transcoder took a third
 * of the time for a deal page, and half for a page of one byte a character.
 */
import { transcode } from "node:buffer";

export function utf8Bytes(text: string): Buffer {
  try {
    return transcode(Buffer.from(text, "utf16le"), "utf16le", "utf8");
  } catch {
    // Only a lone surrogate, which nothing the site writes holds; Buffer.from writes U+FFFD.
    return Buffer.from(text, "utf8");
  }
}
