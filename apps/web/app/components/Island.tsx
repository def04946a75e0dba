/**
 * A page island: a small script of ours that the bundler builds on its own, for behaviour on
 * pages that do not hydrate (and shell parts every page shares). Importing an island module
 * with `?worker&url` makes Vite bundle it, with what it imports, as one standalone script
 * and gives its hashed URL under /assets (cached as immutable), so an island imports rules
 * and messages like any module and the build checks them. Islands run as modules: after the
 * document is parsed, in document order. Per-page data travels in the markup (data
 * attributes, or the shell's data block: lib/shell-data.ts), never in the script.
 */
export function Island({ src }: { src: string }) {
  return <script type="module" src={src} suppressHydrationWarning />;
}

/**
 * An island that must act before the content after it is painted (so nothing moves): loaded
 * as a classic script where it stands, which holds the parser until it has run. Kept for the
 * few that need it; the file is small and cached for good after the first page.
 */
export function BlockingIsland({ src }: { src: string }) {
  return <script src={src} suppressHydrationWarning />;
}
