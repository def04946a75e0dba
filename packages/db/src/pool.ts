/**
 * The PostgreSQL connection pool. Two things differ from `pg`'s own Pool.
 *
 * Prepared statements (they have a name: the short statements of the hot paths, see
 * statement.ts) go over a few pipelined connections (pipeline.ts) instead of taking a
 * connection each; everything else, transactions included, gets a pooled connection to itself.
 *
 * `pg`'s Pool closes a connection whenever a statement on it fails, yet most failures are
 * answers, not broken connections: a refused order (migration 0016's order_refused), a
 * duplicate idempotency key, a constraint. After those PostgreSQL is ready for the next
 * statement, so the connection goes back to the pool; only a connection that failed itself
 * (cut, timed out, ended by the server with a FATAL error) is closed. In a flash sale most
 * checkouts end in a refusal, and closing their connections meant opening as many new ones,
 * each a new server process whose prepared statements were parsed again.
 */
import pg from "pg";
import { isAnswer } from "./answers.ts";
import { Pipeline } from "./pipeline.ts";

export interface PoolConfig extends pg.PoolConfig {
  /** Pipelined connections for prepared statements, beside the `max` pooled ones (none by default). */
  pipelines?: number;
}

export class Pool extends pg.Pool {
  readonly #pipelines: Pipeline[];

  constructor({ pipelines = 0, ...config }: PoolConfig) {
    super(config);
    const onError = (error: Error) => this.emit("error", error);
    this.#pipelines = Array.from({ length: pipelines }, () => new Pipeline(config, onError));
  }

  // pg's overloads (callbacks, submittables) stay with the base class; promises come here.
  // biome-ignore lint/suspicious/noExplicitAny: one signature standing for all of pg's overloads
  override query(...args: any[]): any {
    const [config, values, callback] = args;
    if (typeof values === "function" || typeof callback === "function" || isSubmittable(config)) {
      return super.query(...(args as Parameters<pg.Pool["query"]>));
    }
    if (this.#pipelines.length > 0 && typeof config === "object" && config.name) {
      return this.#leastBusy().query(config, values);
    }
    return this.#query(config, values);
  }

  override async end(): Promise<void> {
    await Promise.all(this.#pipelines.map((pipeline) => pipeline.end()));
    return super.end();
  }

  #leastBusy(): Pipeline {
    let chosen = this.#pipelines[0]!;
    for (const pipeline of this.#pipelines) if (pipeline.pending < chosen.pending) chosen = pipeline;
    return chosen;
  }

  async #query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    // An idle client's error listener is the pool's; a checked-out one needs its own.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on("error", onError);
    try {
      const result = await client.query(config, values);
      client.off("error", onError);
      client.release();
      return result;
    } catch (error) {
      client.off("error", onError);
      client.release(broken ?? (isAnswer(error) ? undefined : (error as Error)));
      throw error;
    }
  }
}

function isSubmittable(config: unknown): boolean {
  return typeof (config as { submit?: unknown } | null)?.submit === "function";
}
