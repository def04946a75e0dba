/**
 * Starts a server as a child process and waits for its ready line,
 * `... ready at http://HOST:PORT`, which carries the address it actually listens on (PORT=0
 * lets the system pick a free port). Used by the end-to-end setup and the benchmarks.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream } from "node:fs";

export interface StartServerOptions {
  /** The command and its arguments, e.g. ["npx", "tsx", "apps/api/src/main.ts"]. */
  command: readonly [string, ...string[]];
  /** The whole environment of the child (nothing is inherited implicitly). */
  env: NodeJS.ProcessEnv;
  /** Where the child's output goes, for reading after a failure. */
  logFile: string;
  /** How long to wait for the ready line (a first start migrates and seeds). */
  readyTimeoutMs: number;
}

export interface RunningServer {
  url: string;
  /** The child's process id (its process group's leader). */
  pid: number | undefined;
  stop(): Promise<void>;
}

const READY_LINE = /ready at (http:\/\/\S+)/;
const STOP_GRACE_MS = 10_000;

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const [file, ...args] = options.command;
  // Its own process group, so stopping it also stops what npx and tsx start beneath it.
  const child = spawn(file, args, { env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(options.logFile);
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = once(child, "exit");

  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // The group has already gone.
    }
  };

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup("SIGTERM");
    const timer = setTimeout(() => signalGroup("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  const url = await new Promise<string>((resolve, reject) => {
    let pending = "";
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${options.command.join(" ")} ${reason}; its output is in ${options.logFile}`));
    };
    const timer = setTimeout(
      () => fail(`printed no ready line in ${options.readyTimeoutMs} ms`),
      options.readyTimeoutMs,
    );
    const onData = (chunk: Buffer) => {
      // Keep only the unfinished last line: the ready line is matched once it is whole.
      const lines = (pending + chunk.toString()).split("\n");
      pending = lines.pop() ?? "";
      const url = lines.map((line) => READY_LINE.exec(line)?.[1]).find(Boolean);
      if (url) {
        clearTimeout(timer);
        child.stdout.off("data", onData);
        resolve(url);
      }
    };
    child.stdout.on("data", onData);
    child.on("exit", (code, signal) => fail(`exited (${signal ?? code}) before it was ready`));
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });

  return { url, pid: child.pid, stop };
}
