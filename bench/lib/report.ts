/** The results table on the console and bench/results/latest.json. */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, cpus } from "node:os";
import type { BenchRow } from "./suite.ts";

export const RESULTS_FILE = "bench/results/latest.json";

const number = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });

export function printTable(rows: readonly BenchRow[]): void {
  const table = [
    ["target", "engine", "req/s", "p50 ms", "p99 ms", "vs baseline", "failed"],
    ...rows.map((r) => [
      r.target,
      r.engine,
      number.format(r.requestsPerSecond),
      String(r.p50Ms),
      String(r.p99Ms),
      percent.format(r.ratioToBaseline),
      number.format(r.failed),
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  for (const cells of table) {
    const line = cells.map((cell, column) =>
      column <= 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    );
    console.log(line.join("  "));
  }
}

export async function writeResults(
  details: Record<string, unknown>,
  rows: readonly BenchRow[],
): Promise<void> {
  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? "unknown",
    node: process.version,
  };
  await mkdir("bench/results", { recursive: true });
  const results = { date: new Date().toISOString(), machine, ...details, rows };
  await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
}
