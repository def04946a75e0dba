import type { AddressInfo } from "node:net";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Admission, BUSY_MESSAGE } from "./admission.ts";
import { type App, buildApp } from "./app.ts";

/** One turn of the event loop, in which a request that waited starts. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Admits a request that ends as soon as it runs, as one does on PGlite when nothing waits for I/O. */
function admitEnding(admission: Admission, ran: string[], name: string): () => void {
  const end: () => void = admission.admit(false, () => {
    ran.push(name);
    queueMicrotask(() => end());
  })!;
  return end;
}

describe("Admission", () => {
  it("runs up to its limit at once and the rest in arrival order as places free up", async () => {
    const admission = new Admission({ active: 2, waiting: 10 });
    const ran: string[] = [];
    const ends = ["a", "b", "c", "d"].map((name) => admission.admit(false, () => ran.push(name))!);
    expect(ran).toEqual(["a", "b"]);
    expect([admission.active, admission.waiting]).toEqual([2, 2]);
    ends[1]!();
    await turn();
    expect(ran).toEqual(["a", "b", "c"]);
    ends[0]!();
    await turn();
    expect(ran).toEqual(["a", "b", "c", "d"]);
    expect([admission.active, admission.waiting]).toEqual([2, 0]);
  });

  it("serves a first-class request before any that waited longer", async () => {
    const admission = new Admission({ active: 1, waiting: 10 });
    const ran: string[] = [];
    const end = admission.admit(false, () => ran.push("running"))!;
    admission.admit(false, () => ran.push("basket"));
    admission.admit(true, () => ran.push("payment"));
    end();
    await turn();
    expect(ran).toEqual(["running", "payment"]);
  });

  it("starts at most its limit in one turn of the event loop, so sockets are read in between", async () => {
    const admission = new Admission({ active: 2, waiting: 10 });
    const ran: string[] = [];
    const admit = (name: string) => admitEnding(admission, ran, name);
    admit("a");
    admit("b");
    await Promise.resolve();
    admit("c");
    const gone = admit("gone before its turn");
    admit("d");
    admit("e");
    gone();
    await Promise.resolve();
    expect(ran).toEqual(["a", "b"]);
    expect([admission.active, admission.waiting]).toEqual([0, 3]);
    await turn();
    expect(ran).toEqual(["a", "b", "c", "d"]);
    await turn();
    expect(ran).toEqual(["a", "b", "c", "d", "e"]);
    expect([admission.active, admission.waiting]).toEqual([0, 0]);
  });

  it("starts one request a turn while connections open, and up to its limit once a turn passes without one", async () => {
    const admission = new Admission({ active: 4, waiting: 10 });
    const ran: string[] = [];
    admission.connectionOpened();
    for (const name of ["a", "b", "c"]) admitEnding(admission, ran, name);
    await Promise.resolve();
    expect(ran).toEqual(["a"]);
    admission.connectionOpened();
    await turn();
    expect(ran).toEqual(["a", "b"]);
    // That turn saw no new connection: the next starts up to four.
    for (const name of ["d", "e", "f", "g", "h"]) admitEnding(admission, ran, name);
    await turn();
    expect(ran).toEqual(["a", "b", "c", "d", "e", "f"]);
    await turn();
    expect(ran).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
  });

  it("forgets a request that ends while it waits, and an end called twice frees one place", async () => {
    const admission = new Admission({ active: 1, waiting: 10 });
    const ran: string[] = [];
    const first = admission.admit(false, () => ran.push("first"))!;
    const gone = admission.admit(false, () => ran.push("gone"))!;
    admission.admit(false, () => ran.push("next"));
    gone();
    expect(admission.waiting).toBe(1);
    first();
    first();
    await turn();
    expect(ran).toEqual(["first", "next"]);
    expect([admission.active, admission.waiting]).toEqual([1, 0]);
  });

  it("turns a request away when the queue is full, and never runs it", async () => {
    const admission = new Admission({ active: 1, waiting: 1 });
    const ran: string[] = [];
    const end = admission.admit(false, () => ran.push("running"))!;
    admission.admit(false, () => ran.push("waiting"));
    expect(admission.admit(true, () => ran.push("turned away"))).toBeUndefined();
    end();
    await turn();
    expect(ran).toEqual(["running", "waiting"]);
  });
});

describe("Admission of API requests over HTTP", () => {
  let app: App;
  let base: string;
  let release: () => void = () => {};
  let held = Promise.resolve();

  beforeAll(async () => {
    const database = await testDatabase();
    app = await buildApp({ database, clock: () => TEST_NOW, admission: { active: 1, waiting: 1 } });
    app.addHook("onClose", () => database.close());
    // A request that keeps its place until the test lets it go, and one that answers at once.
    app.get("/v1/held", async () => {
      await held;
      return { done: true };
    });
    app.get("/v1/quick", async () => ({ done: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  it("queues a request while the place is taken, turns away one more with 503, then serves the queued one", async () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
    const first = fetch(`${base}/v1/held`);
    await until(() => app.admission.active === 1);
    const second = fetch(`${base}/v1/quick`);
    await until(() => app.admission.waiting === 1);
    const third = await fetch(`${base}/v1/quick`);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toBe("1");
    expect(await third.json()).toEqual({ error: { code: "SERVICE_BUSY", message: BUSY_MESSAGE } });

    // A page's loaders reach the API in-process and do not queue.
    const inProcess = await app.inject({ method: "GET", url: "/v1/quick" });
    expect(inProcess.json()).toEqual({ done: true });

    release();
    expect(await (await first).json()).toEqual({ done: true });
    expect(await (await second).json()).toEqual({ done: true });
    expect([app.admission.active, app.admission.waiting]).toEqual([0, 0]);
  });

  it("frees the place of a request whose caller went away while it waited", async () => {
    held = new Promise((resolve) => {
      release = resolve;
    });
    const first = fetch(`${base}/v1/held`);
    await until(() => app.admission.active === 1);
    const leaving = new AbortController();
    const gone = fetch(`${base}/v1/quick`, { signal: leaving.signal }).catch(() => "aborted");
    await until(() => app.admission.waiting === 1);
    leaving.abort();
    expect(await gone).toBe("aborted");
    await until(() => app.admission.waiting === 0);
    const next = fetch(`${base}/v1/quick`);
    await until(() => app.admission.waiting === 1);
    release();
    expect((await first).status).toBe(200);
    expect((await next).status).toBe(200);
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error("the condition did not come true within 2 s");
}
