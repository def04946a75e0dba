/**
 * A request's logger, made the first time the request writes a line at a level that is on.
 * Fastify gives every request a child logger, and pino writes a child's bindings (the request
 * id, walked by the redaction paths of app.ts) as the child is made: a page made one for itself
 * and one for each of its in-process API calls, about 45 KB of a deal page's garbage, while at
 * the level production runs at only the page's own line is written (request-log.ts).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Level } from "pino";

/** The parent Fastify hands over: pino, which can say whether a level is on. */
interface LevelledLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

function isLevelled(logger: FastifyBaseLogger): logger is LevelledLogger {
  return typeof (logger as Partial<LevelledLogger>).isLevelEnabled === "function";
}

/** Fastify's `childLoggerFactory`. */
export function requestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A route's own level or serializers change what the child writes: made now, as pino would.
  if (!isLevelled(parent) || Object.keys(options).length > 0) return parent.child(bindings, options);
  return new RequestLogger(parent, bindings);
}

class RequestLogger implements FastifyBaseLogger {
  readonly #parent: LevelledLogger;
  readonly #bindings: Bindings;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: LevelledLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return (this.#made ?? this.#parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write("fatal", args);
  }

  error(...args: unknown[]): void {
    this.#write("error", args);
  }

  warn(...args: unknown[]): void {
    this.#write("warn", args);
  }

  info(...args: unknown[]): void {
    this.#write("info", args);
  }

  debug(...args: unknown[]): void {
    this.#write("debug", args);
  }

  trace(...args: unknown[]): void {
    this.#write("trace", args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }

  #write(level: Level, args: unknown[]): void {
    // Once made, the child's own methods know its level (a handler may have set it).
    if (!this.#made && !this.#parent.isLevelEnabled(level)) return;
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }

  #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings);
    return this.#made;
  }
}
