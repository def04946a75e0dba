/**
 * The deal page's map of where to redeem: pins projected onto a plain drawing, rendered on
 * the server as SVG (no map tiles, nothing downloaded). Web Mercator keeps shapes true at
 * UK and Irish latitudes; the view fits every pin with a margin, and a lone pin sits in the
 * middle of a view about a kilometre or two across.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

export interface MapView {
  width: number;
  height: number;
  /** Pins in drawing coordinates, in the order given. */
  pins: { x: number; y: number }[];
}

/** Mercator x and y of a point, in radians of the equator (any consistent unit would do). */
function mercator({ lat, lon }: LatLon): { x: number; y: number } {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return { x: (lon * Math.PI) / 180, y: Math.log(Math.tan(Math.PI / 4 + phi / 2)) };
}

/** The smallest span the view shows, in Mercator units: about 1.5 km at UK latitudes. */
const MIN_SPAN = 0.0004;
/** Share of the drawing left free around the pins on each side. */
const MARGIN = 0.15;

const isCoordinate = (point: LatLon) =>
  Number.isFinite(point.lat) &&
  Number.isFinite(point.lon) &&
  Math.abs(point.lat) <= 90 &&
  Math.abs(point.lon) <= 180;

/**
 * Pins for `points` in a `width` × `height` drawing, y growing downwards. Points that are
 * not coordinates are left out; none left gives no view (the page shows the addresses).
 */
export function projectPins(points: readonly LatLon[], width: number, height: number): MapView | null {
  const projected = points.filter(isCoordinate).map(mercator);
  if (projected.length === 0) return null;
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const centre = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const usable = { width: width * (1 - 2 * MARGIN), height: height * (1 - 2 * MARGIN) };
  const span = Math.max(MIN_SPAN, Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  // One scale for both axes, so distances read the same across and up.
  const scale = Math.min(usable.width, usable.height) / span;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width,
    height,
    pins: projected.map((p) => ({
      x: round(width / 2 + (p.x - centre.x) * scale),
      y: round(height / 2 - (p.y - centre.y) * scale),
    })),
  };
}
