/**
 * The PostgreSQL connection pool. `pg`'s own Pool closes a connection whenever a statement on
 * it fails, yet most failures are answers, not broken connections: a refused order (migration
 * 0016's order_refused), a duplicate idempotency key, a constraint. After those PostgreSQL is
 * ready for the next statement, so the connection goes back to the pool; only a connection
 * that failed itself (cut, timed out, ended by the server with a FATAL error) is closed. In a
 * flash sale most checkouts end in a refusal, and closing their connections meant opening as
 * many new ones, each a new server process whose prepared statements were parsed again.
 */
import pg from "pg";

export class Pool extends pg.Pool {
  // pg's overloads (callbacks, submittables) stay with the base class; promises come here.
  // biome-ignore lint/suspicious/noExplicitAny: one signature standing for all of pg's overloads
  override query(...args: any[]): any {
    const [config, values, callback] = args;
    if (typeof values === "function" || typeof callback === "function" || isSubmittable(config)) {
      return super.query(...(args as Parameters<pg.Pool["query"]>));
    }
    return this.#query(config, values);
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

/** PostgreSQL refused the statement and carries on (FATAL and PANIC end the connection). */
function isAnswer(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === "ERROR";
}

function isSubmittable(config: unknown): boolean {
  return typeof (config as { submit?: unknown } | null)?.submit === "function";
}
