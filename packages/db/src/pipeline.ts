/**
 * One PostgreSQL connection in pipeline mode (`pg`'s `pipeline: true`): each statement is
 * written as soon as it is asked for, without waiting for the ones before it to finish, and
 * each still runs and commits on its own (a Sync follows every statement, so one that fails
 * leaves the next untouched). While statements keep arriving the server process never goes
 * to sleep between them, and neither it nor this process pays a wake-up per statement: in the
 * flash sale that about halved PostgreSQL's CPU per order (docs/scaling.md "Under a rush").
 *
 * Statements asked for in the same turn of the event loop go out in one write: a page's
 * in-process calls, and the pages being served beside it, each ask for theirs in turn, and a
 * write per statement was a system call each on both sides (docs/scaling.md "Statements
 * written together").
 *
 * A statement waits behind those written before it on the same connection, so only short
 * ones belong here (the pool sends prepared statements; see pool.ts). The connection is made
 * when first needed and made again after it fails.
 */
import type { Writable } from "node:stream";
import pg from "pg";
import { isAnswer } from "./answers.ts";

export class Pipeline {
  readonly #config: pg.ClientConfig;
  readonly #onError: (error: Error) => void;
  #client: Promise<pg.Client> | undefined;
  /** The connection's socket while it holds this turn's statements back. */
  #held: Writable | undefined;
  /** Statements written and not yet answered: the pool gives the next one to the least busy. */
  pending = 0;

  constructor(config: pg.ClientConfig, onError: (error: Error) => void) {
    this.#config = config;
    this.#onError = onError;
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    this.pending++;
    const connected = this.#connected();
    try {
      const client = await connected;
      this.#holdUntilTurnEnds(client);
      return await client.query(config, values);
    } catch (error) {
      // The connection itself failed: the next statement opens a new one.
      if (!isAnswer(error)) this.#forget(connected);
      throw error;
    } finally {
      this.pending--;
    }
  }

  async end(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await (await client?.catch(() => undefined))?.end();
  }

  /** Holds the socket's writes until the end of this turn, then writes them together. */
  #holdUntilTurnEnds(client: pg.Client): void {
    if (this.#held) return;
    // `connection` is not in pg's published types.
    const socket = (client as unknown as { connection: { stream: Writable } }).connection.stream;
    this.#held = socket;
    socket.cork();
    setImmediate(() => {
      this.#held = undefined;
      socket.uncork();
    });
  }

  #connected(): Promise<pg.Client> {
    if (this.#client) return this.#client;
    // `pipeline` is newer than pg's published types.
    const client = new pg.Client({ ...this.#config, pipeline: true } as pg.ClientConfig);
    const connected = client.connect().then(() => client);
    // A lost connection fails the statements on it (pg answers each with the error).
    client.on("error", (error) => {
      this.#forget(connected);
      this.#onError(error);
    });
    connected.catch(() => this.#forget(connected));
    this.#client = connected;
    return connected;
  }

  #forget(connected: Promise<pg.Client>): void {
    if (this.#client !== connected) return;
    this.#client = undefined;
    connected.then((client) => client.end()).catch(() => undefined);
  }
}
