import type { Tile } from "../lib/api-types.ts";
import { partKey, useStaticMarkup } from "../lib/static-markup.ts";
import { Link } from "./Link.tsx";

const NAV_PROPS = { className: "tiles", "aria-label": "Browse by category" };

/**
 * Category tiles (product.md §4 "Tiles"): on the homepage, category and VIP category pages,
 * a row of picture links to the parts of the catalogue the tiles service names. A plain page
 * takes them ready-made: the same tiles on every page of the location, written once per answer
 * (lib/static-markup.server.ts).
 */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  const staticMarkup = useStaticMarkup();
  if (staticMarkup) {
    const html = staticMarkup(partKey("tiles", tiles), () => <TileEntries tiles={tiles} plain />);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own markup of TileEntries
    return <nav {...NAV_PROPS} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <nav {...NAV_PROPS}>
      <TileEntries tiles={tiles} plain={false} />
    </nav>
  );
}

/** The tiles' list; written outside the router for a plain page, so with plain links there. */
function TileEntries({ tiles, plain }: { tiles: Tile[]; plain: boolean }) {
  return (
    <ul>
      {tiles.map((tile) => {
        const content = (
          <>
            <img src={tile.image.url} alt="" width={80} height={50} loading="lazy" decoding="async" />
            <span>{tile.title}</span>
          </>
        );
        return (
          <li key={tile.id}>
            {plain ? (
              <a className="tile" href={tile.url}>
                {content}
              </a>
            ) : (
              <Link to={tile.url} className="tile">
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
