/**
 * A page-quality benchmark: a suite that measures what a shopper's browser receives
 * (script weight, a Lighthouse score) rather than throughput, each figure beside its target
 * from design.md "Speed".
 */
export interface Metric {
  suite: string;
  target: string;
  value: number;
  unit: string;
  /** The design target, e.g. "<= 90 KB"; `met` says whether the value meets it. */
  budget: string;
  met: boolean;
}

export interface MetricSuite {
  name: string;
  run(appUrl: string): Promise<Metric[]>;
}

export function printMetrics(metrics: readonly Metric[]): void {
  const table = [
    ["measure", "value", "target", "met"],
    ...metrics.map((m) => [m.target, `${m.value} ${m.unit}`, m.budget, m.met ? "yes" : "NO"]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  for (const cells of table) console.log(cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
}

/** A deal page of the main UK site, found through the listing API like a shopper would. */
export async function sampleDealUrl(appUrl: string): Promise<string> {
  const response = await fetch(`${appUrl}/v1/deals/london?page=0&pageSize=1`, {
    headers: { brand: "dealmoor", "country-code": "gb" },
  });
  const body = (await response.json()) as { deals: { urlPath: string }[] };
  const deal = body.deals[0];
  if (!deal) throw new Error("The London listing has no deal to measure");
  return `${appUrl}${deal.urlPath}`;
}
