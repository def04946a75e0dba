/**
 * `npx tsx bench/instructions-per-request.ts TARGET...`: the instructions one request costs the
 * marketplace's main thread, counted by valgrind's callgrind, on the benchmark catalogue with the
 * answer cache off (targets as in cpu-per-request.ts: deal-page, home:signed-in, /v1/...).
 *
 * CPU time moves with the neighbours' load: paired rounds of cpu-per-request.ts swing by a tenth
 * on a shared machine, more than most single changes now save. A count of instructions does not
 * depend on the load. Runs of the same code agreed within 1 to 4 % (a major collection falls
 * inside the counted requests or not), so a change of a few per cent shows in one run. The main
 * thread's count is the steady one; all threads' adds V8's helper threads (concurrent marking,
 * parallel scavenges, compiling), which move with when a collection falls, so they tell what
 * less garbage saves over several runs. It runs about 30 times slower than the real thing, so it
 * counts BENCH_REQUESTS (480) after BENCH_WARM_UP (3,000), four in flight.
 *
 * BENCH_AGAINST=DIR counts the checkout at DIR the same way (a `git worktree`, set up as for
 * cpu-per-request.ts) and prints the ratio. Needs valgrind (`apt-get install valgrind`).
 */
import { execFile } from "node:child_process";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { RunningServer } from "../scripts/lib/start-server.ts";
import { benchEngines, existingCatalogue } from "./lib/catalogue.ts";
import { LOG_DIR, startMeasuredMarketplace } from "./lib/measured-marketplace.ts";
import { ask, type TargetRequests, targetRequests } from "./lib/targets.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 480);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 3_000);
const IN_FLIGHT = 4;
const COUNTS_DIR = join(LOG_DIR, "callgrind");
const run = promisify(execFile);

interface CountedServer {
  server: RunningServer;
  name: string;
  /** Dumps written so far: callgrind numbers them from 1. */
  dumps: number;
}

async function startCounted(root: string, name: string, serverEnv: Record<string, string>) {
  const wrapper = [
    "valgrind",
    "--tool=callgrind",
    "--instr-atstart=no",
    "--separate-threads=yes",
    // V8 writes and rewrites machine code as it runs.
    "--smc-check=all-non-file",
    `--callgrind-out-file=${join(COUNTS_DIR, `${name}.%p`)}`,
  ];
  const server = await startMeasuredMarketplace({
    root,
    logName: `instructions-${name}`,
    serverEnv,
    wrapper,
  });
  return { server, name, dumps: 0 };
}

/** valgrind's control of a running process, which finds it by the HOST it was started with. */
const control = (counted: CountedServer, ...args: string[]) =>
  run("callgrind_control", [...args, String(counted.server.pid)], {
    env: { ...process.env, HOST: "127.0.0.1" },
  });

interface Counts {
  mainThread: number;
  allThreads: number;
}

async function totalOf(dump: string): Promise<number> {
  const totals = /^totals: (\d+)$/m.exec(await readFile(dump, "utf8"));
  if (!totals) throw new Error(`${dump} has no totals line`);
  return Number(totals[1]);
}

/** Instructions per request over `REQUESTS` of the target's requests: the main thread's, all threads'. */
async function instructionsPerRequest(counted: CountedServer, requests: TargetRequests): Promise<Counts> {
  await ask(counted.server.url, requests, WARM_UP, IN_FLIGHT);
  await control(counted, "--instr=on");
  await ask(counted.server.url, requests, REQUESTS, IN_FLIGHT);
  await control(counted, "--instr=off");
  await control(counted, "--dump");
  counted.dumps += 1;
  // One file a thread, numbered from 01 (the main thread).
  const prefix = `${counted.name}.${counted.server.pid}.${counted.dumps}-`;
  const dumps = (await readdir(COUNTS_DIR)).filter((file) => file.startsWith(prefix));
  const totals = await Promise.all(dumps.map((file) => totalOf(join(COUNTS_DIR, file))));
  const mainThread = totals[dumps.indexOf(`${prefix}01`)];
  if (mainThread === undefined) throw new Error(`No main thread's dump ${prefix}01 in ${COUNTS_DIR}`);
  return {
    mainThread: mainThread / REQUESTS,
    allThreads: totals.reduce((sum, total) => sum + total, 0) / REQUESTS,
  };
}

const millions = (count: number) => `${(count / 1e6).toFixed(2)} M`;
const ratio = (ours: number, theirs: number) => (ours / theirs).toFixed(3);

const targets = process.argv.slice(2);
if (targets.length === 0) throw new Error("Name at least one target, e.g. deal-page deal-page:signed-in");
const [engine] = benchEngines().slice(-1);
const catalogue = await existingCatalogue(engine!);
const against = process.env.BENCH_AGAINST;
await rm(COUNTS_DIR, { recursive: true, force: true });
await mkdir(COUNTS_DIR, { recursive: true });
const counted = [await startCounted(".", "this", catalogue.serverEnv)];
if (against) counted.push(await startCounted(against, "against", catalogue.serverEnv));

try {
  for (const target of targets) {
    const requests = await targetRequests(target, counted[0]!.server.url, catalogue.shopperSid);
    // Both at once: a count does not depend on what else runs.
    const [ours, theirs] = await Promise.all(counted.map((each) => instructionsPerRequest(each, requests)));
    const { mainThread, allThreads } = ours!;
    const line = `${target}: instructions per request over ${REQUESTS}, main thread ${millions(mainThread)}, all threads ${millions(allThreads)}`;
    console.log(
      theirs === undefined
        ? line
        : `${line}; ${against} ${millions(theirs.mainThread)}, ${millions(theirs.allThreads)}; this / that ${ratio(mainThread, theirs.mainThread)}, ${ratio(allThreads, theirs.allThreads)}`,
    );
  }
} finally {
  await Promise.all(counted.map((each) => each.server.stop()));
}
