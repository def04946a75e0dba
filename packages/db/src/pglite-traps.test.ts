import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { parsersOf, runNamed } from "./pglite-named.ts";
import { EngineTrap, failOnTrap, reopeningPglite } from "./pglite-traps.ts";
import { pgliteEmptyCluster, SLOW_ON_PGLITE_MS } from "./testing.ts";

/**
 * A PGlite whose engine traps once, when armed, right after the next message it handles: the
 * WebAssembly error PGlite 0.5 met in pg_trgm and swallowed (docs/reliability.md).
 */
function trapping(pg: PGlite) {
  const engine = pg.Module as { _PostgresMainLoopOnce(): void };
  const loopOnce = engine._PostgresMainLoopOnce;
  const trap = { armed: false };
  engine._PostgresMainLoopOnce = () => {
    loopOnce();
    if (!trap.armed) return;
    trap.armed = false;
    throw new WebAssembly.RuntimeError("null function or function signature mismatch");
  };
  return trap;
}

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

// PGlite's own behaviour, whatever DATABASE_URL says: checked in the PGlite run only.
describe.skipIf(Boolean(process.env.DATABASE_URL))("an engine trap", () => {
  it("fails the call that met it and every call after it, instead of going on", async () => {
    const pg = await PGlite.create({ loadDataDir: await pgliteEmptyCluster() });
    const trap = trapping(pg);
    failOnTrap(pg);
    expect((await pg.query("select 1 as one")).rows).toEqual([{ one: 1 }]);

    trap.armed = true;
    const failure = await pg.query("select 2 as two").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EngineTrap);
    // An error as any other to whoever handles it (Fastify reads `status` and `statusCode`).
    expect((failure as { status?: unknown }).status).toBeUndefined();
    await expect(pg.query("select 3 as three")).rejects.toThrow("the database engine failed");
  });

  it(
    "opens the data folder again: a read runs again there, a write or a transaction fails",
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), "pglite-traps-"));
      folders.push(dataDir);
      const traps: { armed: boolean }[] = [];
      const emptyCluster = await pgliteEmptyCluster();
      const db = await reopeningPglite(async () => {
        // The first open fills the folder; each later one opens what is there.
        const pg = await PGlite.create({
          dataDir,
          ...(traps.length === 0 ? { loadDataDir: emptyCluster } : {}),
        });
        traps.push(trapping(pg));
        return failOnTrap(pg);
      });
      await db.exec("create table t (x int); insert into t values (1), (2);");
      const rows = async () =>
        (await db.query<{ x: number }>("select x from t order by x")).rows.map((row) => row.x);

      traps.at(-1)!.armed = true;
      expect(await rows()).toEqual([1, 2]);
      expect(traps).toHaveLength(2);

      // Statements prepared by name run on the instance open now, prepared there again.
      traps.at(-1)!.armed = true;
      const named = await runNamed(db, "t_rows", "select x from t order by x", [], parsersOf(db), "array");
      expect(named.rows).toEqual([[1], [2]]);
      expect(traps).toHaveLength(3);

      traps.at(-1)!.armed = true;
      await expect(db.query("insert into t values (3)")).rejects.toBeInstanceOf(EngineTrap);
      expect(traps).toHaveLength(4);

      traps.at(-1)!.armed = true;
      const inserting = db.transaction(async (tx) => {
        await tx.query("insert into t values (4)");
        await tx.query("insert into t values (5)");
      });
      await expect(inserting).rejects.toBeInstanceOf(EngineTrap);
      expect(traps).toHaveLength(5);
      // The transaction never committed; the insert on its own may have before its trap.
      expect((await rows()).filter((x) => x !== 3)).toEqual([1, 2]);
      await db.close();
    },
    SLOW_ON_PGLITE_MS,
  );
});
