/**
 * Admission (docs/scaling.md "Under a rush"): a process serves a limited number of API
 * requests at once; the others wait their turn in arrival order, and a shopper paying goes
 * ahead of anything not yet started. In a flash sale hundreds of shoppers arrive together.
 * Served all at once, each request waits behind every other at each of its statements, so
 * the first order lands only when most have started, and whoever gets the last units is down
 * to chance. Served in turn, orders land from the first moment, in the order shoppers
 * clicked, and a checkout already under way is not slowed down by new baskets.
 *
 * Only requests from the network count, API requests and storefront pages: a page's loaders
 * reach the API in-process (app.inject) on behalf of the page, and making them queue behind
 * other requests could leave every place taken by a page waiting for its own API call.
 */
import type { Engine } from "@deals/db";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { ApiError } from "./errors.ts";
import { fromNetwork } from "./in-process.ts";

declare module "fastify" {
  interface FastifyInstance {
    admission: Admission;
  }
  interface FastifyContextConfig {
    /**
     * "first": the route finishes something a shopper started (paying), so it is served first.
     * "page": a storefront page, admitted in turn like an API request.
     */
    admission?: "first" | "page";
  }
}

export interface AdmissionLimits {
  /** Requests served at once. */
  active: number;
  /** Requests waiting; beyond that a new one is told to come back (503). */
  waiting: number;
}

/** 8, 16 and 32 at once measured alike in the flash sale; 32 leaves room for slower requests. */
export const DEFAULT_ADMISSION: AdmissionLimits = { active: 32, waiting: 2000 };

/**
 * PGlite runs one statement at a time, on the process's own thread, so requests served
 * together only interleave their statements and all finish late: at 50 connections many
 * waited past 10 s. Four at a time keep the database busy while answers are written, and the
 * rest wait in order (docs/scaling.md "Under a rush").
 */
export const PGLITE_ADMISSION: AdmissionLimits = { active: 4, waiting: 2000 };

export function admissionLimitsFor(engine: Engine): AdmissionLimits {
  return engine === "pglite" ? PGLITE_ADMISSION : DEFAULT_ADMISSION;
}

// services.md §8 "User-facing messages", the generic one for trying later.
export const BUSY_MESSAGE = "An error occurred. Please try again later.";

interface Entry {
  run: () => void;
  state: "waiting" | "running" | "ended";
}

/**
 * The queue itself, free of HTTP: `admit` runs or queues, the returned `end` frees the place.
 *
 * At most `active` requests start in one turn of the event loop, too. On PGlite a request's
 * statements settle without the loop polling for I/O, so a request ran from start to answer
 * inside the callback that read it and gave its place back before the next socket was read:
 * no request ever waited here, every request the loop had read ran in that one turn (40 pages,
 * over half a second), and the process accepted one new connection per turn. A shopper who
 * had just connected waited past ten seconds while those already connected were served
 * (docs/scaling.md "PGlite at 50 connections"). Capped, a turn serves a few requests and the
 * others wait their turn in order, as they do when places are taken.
 *
 * While shoppers are connecting, a turn starts one request. The process still accepts one
 * connection a turn, so the last of fifty opened together waited through fifty turns of four
 * pages each, about a second on PGlite, before its first request was even read (docs/scaling.md
 * "New connections accepted between short turns"). A turn in which none arrived lets the next
 * start up to `active` again, so connections kept open are served at the full rate.
 */
export class Admission {
  #active = 0;
  #waiting = 0;
  #startedThisTurn = 0;
  #nextTurnScheduled = false;
  /** A connection was accepted in the turn before this one, or in this one. */
  #connecting = false;
  #connectedThisTurn = false;
  readonly #first: Entry[] = [];
  readonly #later: Entry[] = [];

  constructor(readonly limits: AdmissionLimits) {}

  get active(): number {
    return this.#active;
  }

  get waiting(): number {
    return this.#waiting;
  }

  /**
   * Runs `run` now if a place is free, else when one is, first-class entries before the rest.
   * Returns the function to call when the request is over, whether it ran or gave up while
   * waiting; undefined when the queue is full and `run` will never be called.
   */
  admit(first: boolean, run: () => void): (() => void) | undefined {
    const entry: Entry = { run, state: "waiting" };
    if (this.#canStart()) {
      this.#start(entry);
    } else if (this.#waiting < this.limits.waiting) {
      this.#waiting++;
      (first ? this.#first : this.#later).push(entry);
    } else {
      return undefined;
    }
    return () => this.#end(entry);
  }

  /** A new connection was accepted (the server's "connection" event). */
  connectionOpened(): void {
    this.#connecting = true;
    this.#connectedThisTurn = true;
    this.#endTurnLater();
  }

  #canStart(): boolean {
    return (
      this.#active < this.limits.active && this.#startedThisTurn < (this.#connecting ? 1 : this.limits.active)
    );
  }

  #start(entry: Entry): void {
    entry.state = "running";
    this.#active++;
    this.#startedThisTurn++;
    this.#endTurnLater();
    entry.run();
  }

  /** Once this turn's sockets are read, the next turn's count begins and those waiting start. */
  #endTurnLater(): void {
    if (this.#nextTurnScheduled) return;
    this.#nextTurnScheduled = true;
    setImmediate(() => {
      this.#nextTurnScheduled = false;
      this.#startedThisTurn = 0;
      this.#connecting = this.#connectedThisTurn;
      this.#connectedThisTurn = false;
      this.#startWaiting();
    });
  }

  #end(entry: Entry): void {
    if (entry.state === "ended") return;
    const ran = entry.state === "running";
    entry.state = "ended";
    if (!ran) {
      // Left in its queue and skipped when reached: removing it would cost a search.
      this.#waiting--;
      return;
    }
    this.#active--;
    this.#startWaiting();
  }

  #startWaiting(): void {
    while (this.#canStart()) {
      const next = this.#first.shift() ?? this.#later.shift();
      if (!next) return;
      if (next.state !== "waiting") continue;
      this.#waiting--;
      this.#start(next);
    }
  }
}

/**
 * The preHandler that admits API requests and pages from the network, once their body is read
 * and checked.
 */
export function admissionHook(admission: Admission) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const { config } = request.routeOptions;
    const counted = request.url.startsWith("/v1/") || config.admission === "page";
    if (!counted || !fromNetwork(request)) return done();
    // "close" comes once the answer is sent or the shopper has gone, waiting or not.
    let end: (() => void) | undefined;
    reply.raw.once("close", () => end?.());
    end = admission.admit(config.admission === "first", () => done());
    if (!end) {
      reply.header("retry-after", "1");
      done(new ApiError(503, "SERVICE_BUSY", BUSY_MESSAGE));
    }
  };
}
