/**
 * The storefront's links: React Router's `<Link>` on a page that hydrates, and on a plain page
 * (one that never hydrates, lib/static-markup.ts) the `<a>` it would write. A plain page has no
 * router in the browser to hand a click to, while `<Link>` resolves its path and sets up its
 * click and prefetch handling for every link it writes: 4 % of the homepage's CPU profile for its
 * two dozen links (docs/scaling.md).
 */
import { type LinkProps, Link as RouterLink } from "react-router";
import { usePlainRender } from "../lib/static-markup.ts";

export function Link(props: LinkProps) {
  const plain = usePlainRender();
  const { to } = props;
  // Only a path from the site's root is written as it is; React Router resolves the rest
  // (relative paths, objects, a lone "?" or "#" it drops).
  if (!plain || typeof to !== "string" || !WRITTEN_AS_IS.test(to)) return <RouterLink {...props} />;
  const {
    discover: _discover,
    prefetch: _prefetch,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    onClick: _onClick,
    to: _to,
    target,
    ...anchor
  } = props;
  // In the order React Router writes them, so the page is the same but for its discovery mark.
  return <a {...anchor} href={to} target={target} />;
}

/** "/..." but not "//host" (another origin), nor ending in the "?" or "#" React Router drops. */
const WRITTEN_AS_IS = /^\/(?!\/)(?:.*[^?#])?$/;
