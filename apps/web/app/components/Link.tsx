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
  const anchor: Record<string, unknown> = {};
  for (const name in props) if (!ROUTER_ONLY.has(name)) anchor[name] = props[name as keyof LinkProps];
  // In the order React Router writes them, so the page is the same but for its discovery mark.
  // Set here, not beside the spread below: a spread followed by more props took V8's slow path,
  // 2 µs a link.
  anchor.href = to;
  anchor.target = props.target;
  return <a {...anchor} />;
}

/**
 * What `<Link>` reads itself and never writes on its `<a>`. Left out by a loop: a destructuring
 * that names them and keeps the rest took 3.6 µs a link, the loop a twentieth of that.
 */
const ROUTER_ONLY: ReadonlySet<string> = new Set<keyof LinkProps>([
  "discover",
  "prefetch",
  "relative",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "defaultShouldRevalidate",
  "onClick",
  "to",
  "target",
]);

/** "/..." but not "//host" (another origin), nor ending in the "?" or "#" React Router drops. */
const WRITTEN_AS_IS = /^\/(?!\/)(?:.*[^?#])?$/;
