import type { Tile } from "../lib/api-types.ts";
import { Link } from "./Link.tsx";

/**
 * Category tiles (product.md §4 "Tiles"): on the homepage, category and VIP category pages,
 * a row of picture links to the parts of the catalogue the tiles service names.
 */
export function Tiles({ tiles }: { tiles: Tile[] }) {
  return (
    <nav className="tiles" aria-label="Browse by category">
      <ul>
        {tiles.map((tile) => (
          <li key={tile.id}>
            <Link to={tile.url} className="tile">
              <img src={tile.image.url} alt="" width={80} height={50} loading="lazy" decoding="async" />
              <span>{tile.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
