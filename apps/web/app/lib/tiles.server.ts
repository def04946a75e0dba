/**
 * Tiles for a page (services.md §7.1, §8): an array of tiles, or an object with an error
 * field. An error answer or one of another shape leaves the page without tiles (null) and
 * is logged with the spec's words; the page itself never fails for them.
 */
import type { TilesRequest } from "@deals/domain/tiles";
import { type ApiClient, ApiError } from "./api.ts";
import type { Tile } from "./api-types.ts";

export async function loadTiles(api: ApiClient, request: TilesRequest): Promise<Tile[] | null> {
  try {
    const answer = await api.tiles(request);
    if (!Array.isArray(answer)) throw new Error("Tiles api unexpected data");
    return answer as Tile[];
  } catch (error) {
    const logged = error instanceof ApiError ? new Error(`Tiles api error: ${error.message}`) : error;
    console.warn(logged instanceof Error ? logged.message : logged);
    return null;
  }
}
