/** The results table on the console and bench/results/latest.json. */
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism, cpus } from "node:os";
import type { BenchRow } from "./suite.ts";

export const RESULTS_FILE = "bench/results/latest.json";

const number = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });

function printColumns(table: readonly string[][], leftAligned: number): void {
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  for (const cells of table) {
    const line = cells.map((cell, column) =>
      column < leftAligned ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
    );
    console.log(line.join("  "));
  }
}

export function printTable(rows: readonly BenchRow[]): void {
  const table = [
    ["target", "engine", "deals", "req/s", "p50 ms", "p99 ms", "vs baseline", "failed"],
    ...rows.map((r) => [
      r.target,
      r.engine,
      r.deals === undefined ? "" : number.format(r.deals),
      number.format(r.requestsPerSecond),
      String(r.p50Ms),
      String(r.p99Ms),
      percent.format(r.ratioToBaseline),
      number.format(r.failed),
    ]),
  ];
  printColumns(table, 2);
}

/** Latency within this share of the smaller catalogue's is flat (design.md "Speed"). */
const FLAT = 0.2;

/** A target measured twice in turn, as printed in a table of latency changes. */
export interface LatencyPair {
  target: string;
  engine: string;
  from: { p50Ms: number; p99Ms: number };
  to: { p50Ms: number; p99Ms: number };
}

/** Each pair's p50 and p99 from the first measure to the second, and whether both are within 20 %. */
export function printLatencyChanges(heading: string, pairs: readonly LatencyPair[]): void {
  const within = (from: number, to: number) => Math.abs(to / from - 1) <= FLAT;
  const change = (from: number, to: number) => `${to >= from ? "+" : ""}${percent.format(to / from - 1)}`;
  console.log(`\n${heading} (p50 and p99 in ms):`);
  printColumns(
    [
      ["target", "engine", "p50", "change", "p99", "change", `within ${percent.format(FLAT)}`],
      ...pairs.map(({ target, engine, from, to }) => {
        const flat = within(from.p50Ms, to.p50Ms) && within(from.p99Ms, to.p99Ms);
        return [
          target,
          engine,
          `${from.p50Ms} → ${to.p50Ms}`,
          change(from.p50Ms, to.p50Ms),
          `${from.p99Ms} → ${to.p99Ms}`,
          change(from.p99Ms, to.p99Ms),
          flat ? "yes" : "NO",
        ];
      }),
    ],
    2,
  );
}

/** Each target measured on two catalogues in turn, from the smaller to the larger. */
export function printFlatness(rows: readonly BenchRow[]): void {
  const key = (r: BenchRow) => `${r.suite}|${r.engine}|${r.target}`;
  const sized = rows.filter((r) => r.deals !== undefined);
  const pairs = sized.flatMap((larger) => {
    const smaller = sized.find((r) => key(r) === key(larger) && r.deals! < larger.deals!);
    return smaller ? [{ target: larger.target, engine: larger.engine, from: smaller, to: larger }] : [];
  });
  if (pairs.length === 0) return;
  const [small, large] = [pairs[0]!.from, pairs[0]!.to].map((r) => number.format(r.deals!));
  printLatencyChanges(`Latency from ${small} to ${large} deals, measured in turn`, pairs);
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
