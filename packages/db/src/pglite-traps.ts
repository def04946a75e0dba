/**
 * PGlite that outlives a trap of its engine (docs/reliability.md "The PGlite stall: a trap
 * PGlite swallowed").
 *
 * PostgreSQL in PGlite is WebAssembly. A fault in it, such as a call through a function pointer
 * that no longer holds a function (seen in pg_trgm's trigram comparison), is a trap: a
 * JavaScript exception, not one of PostgreSQL's own errors. PGlite 0.5 swallows it and goes on
 * with the rest of the message, so the statement's snapshot and catalogue references stay held,
 * and the commit after it loops for good reporting them: the whole process stops answering.
 *
 * Here a trap ends the call at once and fails it (EngineTrap), and the instance is not used
 * again: its memory can no longer be trusted. The data folder is opened anew, as after a crash
 * (what was committed is there, what was not is gone), and a read that trapped runs again on
 * it. Anything else is not repeated: a write may have committed before the trap.
 */
import type { PGlite } from "@electric-sql/pglite";

export class EngineTrap extends Error {
  constructor(trap: unknown) {
    super(`the database engine failed (${trap instanceof Error ? trap.message : String(trap)})`, {
      cause: trap,
    });
    this.name = "EngineTrap";
  }
}

/**
 * What a trap throws into PGlite's loop. The loop reads `status` of what it catches, to tell
 * PostgreSQL's own error jumps (status 100) from anything else, which it swallows. Reading
 * this one throws the trap instead, which ends the loop before it runs anything more on the
 * broken engine. It never leaves the loop: callers get the EngineTrap.
 */
const loopBreak = (trap: EngineTrap) => ({
  get status(): never {
    throw trap;
  },
});

/** A WebAssembly trap, or the engine running out of stack: both leave a statement half done. */
const isTrap = (error: unknown) => error instanceof WebAssembly.RuntimeError || error instanceof RangeError;

interface EngineModule {
  _PostgresMainLoopOnce(): void;
}

/** Makes a trap in `pg` fail the call that met it, and every call after it. */
export function failOnTrap(pg: PGlite): PGlite {
  const engine = pg.Module as EngineModule;
  const loopOnce = engine._PostgresMainLoopOnce;
  let trapped: EngineTrap | undefined;
  engine._PostgresMainLoopOnce = () => {
    try {
      loopOnce();
    } catch (error) {
      if (!isTrap(error)) throw error;
      trapped = new EngineTrap(error);
      throw loopBreak(trapped);
    }
  };
  const execute = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (message) => {
    if (trapped) throw trapped;
    try {
      return execute(message);
    } catch (error) {
      // PGlite's clean-up after the loop may trap too.
      if (!trapped && isTrap(error)) trapped = new EngineTrap(error);
      throw trapped ?? error;
    }
  };
  return pg;
}

/** One statement that only reads, so running it again cannot do anything twice. */
const onlyReads = (text: string) => /^\s*select\b/i.test(text);

const engines = new WeakMap<
  object,
  <T>(text: string | null, run: (pg: PGlite) => Promise<T>) => Promise<T>
>();

/**
 * Runs `run` on the instance behind `pg`: itself, or for a reopening PGlite the instance open
 * now, opened anew and run again there (a read, `text`) after a trap. `text` null: never again.
 */
export function onEngine<T>(
  pg: PGlite,
  text: string | null,
  run: (engine: PGlite) => Promise<T>,
): Promise<T> {
  const engine = engines.get(pg);
  return engine ? engine(text, run) : run(pg);
}

/**
 * PGlite on a data folder that opens the folder again when its engine traps; `open` opens it
 * with failOnTrap. It stands for whichever instance is open now: `query` runs again after a
 * trap when it only reads, `exec` and `transaction` never do. Callers that reach the instance
 * themselves go through `onEngine`.
 */
export async function reopeningPglite(open: () => Promise<PGlite>): Promise<PGlite> {
  let current = await open();
  let reopening: Promise<PGlite> | undefined;

  const replace = (broken: PGlite, trap: EngineTrap): Promise<PGlite> => {
    if (reopening) return reopening;
    if (broken !== current) return Promise.resolve(current);
    console.error(`${trap.message}: opening the data folder again`);
    reopening = open().then(
      (fresh) => {
        current = fresh;
        reopening = undefined;
        return fresh;
      },
      (error: unknown) => {
        reopening = undefined;
        throw error;
      },
    );
    return reopening;
  };

  const onCurrent = async <T>(text: string | null, run: (pg: PGlite) => Promise<T>): Promise<T> => {
    const pg = reopening ? await reopening : current;
    try {
      return await run(pg);
    } catch (error) {
      if (!(error instanceof EngineTrap)) throw error;
      const fresh = await replace(pg, error);
      if (text === null || !onlyReads(text)) throw error;
      return run(fresh);
    }
  };

  const own: Partial<Record<keyof PGlite, unknown>> = {
    query: (text: string, ...rest: unknown[]) => onCurrent(text, (pg) => pg.query(text, ...(rest as []))),
    // Several statements, any of them perhaps a write: never again.
    exec: (text: string, ...rest: unknown[]) => onCurrent(null, (pg) => pg.exec(text, ...(rest as []))),
    transaction: (run: Parameters<PGlite["transaction"]>[0]) => onCurrent(null, (pg) => pg.transaction(run)),
  };
  const proxy = new Proxy(current, {
    get(_first, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof PGlite];
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === "function" ? value.bind(current) : value;
    },
  });
  engines.set(proxy, onCurrent);
  return proxy;
}
