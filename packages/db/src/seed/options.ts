/**
 * Product option lists for offer templates: each option is a friendly name and its price
 * relative to the first option (bigger bundles cost less per unit).
 */
export interface ProductOption {
  friendlyName: string;
  /** Original price as a multiple of the offer's first option. */
  factor: number;
  /** Travel only: nights the option covers. */
  nights?: number;
  /** A shorter name for a product grid's row heading ("2 Nights"); default: friendlyName. */
  label?: string;
}

/**
 * An offer whose options are one side of a product grid (sizes, nights) and `columns` the
 * other (colours, rooms): each option in each column is one product, priced by both factors.
 */
export interface OfferGrid {
  rowHeader: string;
  columnHeader: string;
  columns: readonly ProductOption[];
}

const plural = (n: number, word: string) =>
  n === 1 ? word : /(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** "Dinner for 2", "Dinner for 4"... */
export function forPeople(label: string, counts: readonly number[]): ProductOption[] {
  const first = counts[0]!;
  return counts.map((n, i) => ({
    friendlyName: `${label} for ${n}`,
    factor: round2((n / first) * 0.94 ** i),
  }));
}

/** "1 Session", "3 Sessions", "2 Cushions"... */
export function counted(label: string, counts: readonly number[]): ProductOption[] {
  const first = counts[0]!;
  return counts.map((n, i) => ({
    friendlyName: `${n} ${plural(n, label)}`,
    factor: round2((n / first) * 0.85 ** i),
  }));
}

/** Colours, sizes or models at the same price, or rising by `step` per option. */
export function variants(names: readonly string[], step = 0): ProductOption[] {
  return names.map((friendlyName, i) => ({ friendlyName, factor: round2(1 + step * i) }));
}

/** "4 Pack", "8 Pack"... */
export function packs(counts: readonly number[]): ProductOption[] {
  const first = counts[0]!;
  return counts.map((n, i) => ({ friendlyName: `${n} Pack`, factor: round2((n / first) * 0.9 ** i) }));
}

/** Travel: "2 Nights with Breakfast"... priced per person. */
export function nights(counts: readonly number[], board: string): ProductOption[] {
  const first = counts[0]!;
  return counts.map((n, i) => ({
    friendlyName: `${n} ${plural(n, "Night")} ${board}`,
    factor: round2((n / first) * 0.92 ** i),
    nights: n,
    label: `${n} ${plural(n, "Night")}`,
  }));
}
