/**
 * The shell's per-page data for its islands (the API headers of the brand, the shopper's
 * location, the exit promo's code), in one JSON block of the document, so island scripts stay
 * the same file for every page and can be cached for good.
 */
import type { ExitPromoScriptConfig } from "./exit-promo-script.ts";

export interface ShellData {
  /** The API's request headers for this brand (api.ts apiHeaders). */
  apiHeaders: Record<string, string>;
  /** On plain pages with a shell: what their search box and exit promo need. */
  plain?: { location: string; exitPromo: ExitPromoScriptConfig };
}

export const SHELL_DATA_ID = "shell-data";

/** The block's text: JSON that cannot close its <script> element. */
export function shellDataText(data: ShellData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** The page's shell data, or null where the block is missing or unreadable. */
export function readShellData(doc: Document = document): ShellData | null {
  const text = doc.getElementById(SHELL_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ShellData;
  } catch {
    return null;
  }
}
