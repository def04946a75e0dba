/**
 * Markup as a browser shows its text: numeric character references (`&#9733;`) read as the
 * characters they name. Text written for plain pages writes characters above U+00FF as
 * references (apps/web/app/lib/html-text.ts) where React writes them as they are.
 */
export function asShown(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}
