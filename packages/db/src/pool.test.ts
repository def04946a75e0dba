import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Pool } from "./pool.ts";

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)("the PostgreSQL pool", () => {
  let pool: Pool;
  const backend = async () => (await pool.query("select pg_backend_pid() as pid")).rows[0].pid as number;

  beforeAll(() => {
    pool = new Pool({ connectionString: databaseUrl, max: 1 });
  });
  afterAll(() => pool.end());

  it("keeps a connection whose statement PostgreSQL refused", async () => {
    const before = await backend();
    await expect(pool.query("select 1 / $1::int as x", [0])).rejects.toMatchObject({ code: "22012" });
    expect(await backend()).toBe(before);
    expect((await pool.query("select 6 / $1::int as x", [3])).rows).toEqual([{ x: 2 }]);
  });

  it("replaces a connection that was cut", async () => {
    const before = await backend();
    await expect(pool.query("select pg_terminate_backend(pg_backend_pid())")).rejects.toThrow();
    const after = await backend();
    expect(after).not.toBe(before);
  });

  it("still answers pg's callback form", async () => {
    const rows = await new Promise((resolve, reject) =>
      pool.query("select 1 as one", [], (error: Error | undefined, result: { rows: unknown[] }) =>
        error ? reject(error) : resolve(result.rows),
      ),
    );
    expect(rows).toEqual([{ one: 1 }]);
  });
});

describe.skipIf(!databaseUrl)("the PostgreSQL pool's pipelined connections", () => {
  let pool: Pool;
  // A name makes a statement prepared, and prepared statements take the pipelined connections.
  const named = async (name: string, text: string, values: unknown[] = []) =>
    (await pool.query({ name, text, values })).rows;
  const pipelineBackend = async () =>
    (await named("backend", "select pg_backend_pid() as pid"))[0].pid as number;

  beforeAll(() => {
    pool = new Pool({ connectionString: databaseUrl, max: 2, pipelines: 1 });
  });
  afterAll(() => pool.end());

  it("sends prepared statements over one connection, and other statements through the pool", async () => {
    const pids = await Promise.all(Array.from({ length: 5 }, () => pipelineBackend()));
    expect(new Set(pids).size).toBe(1);
    const pooled = (await pool.query("select pg_backend_pid() as pid")).rows[0].pid;
    expect(pooled).not.toBe(pids[0]);
  });

  it("answers each statement written together on its own, a refused one among them", async () => {
    const divide = (x: number, y: number) => named("divide", "select $1::int / $2::int as q", [x, y]);
    const answers = await Promise.allSettled([divide(6, 3), divide(1, 0), divide(9, 3)]);
    expect(
      answers.map((a) => (a.status === "fulfilled" ? a.value : (a.reason as { code: string }).code)),
    ).toEqual([[{ q: 2 }], "22012", [{ q: 3 }]]);
  });

  it("commits each statement by itself: a refused one undoes only its own writes", async () => {
    const table = `pipeline_${Date.now()}`;
    await pool.query(`create table ${table} (x int check (x > 0))`);
    try {
      const insert = (x: number) => named(`insert_${table}`, `insert into ${table} values ($1)`, [x]);
      await Promise.allSettled([insert(1), insert(-1), insert(2)]);
      const { rows } = await pool.query(`select x from ${table} order by x`);
      expect(rows).toEqual([{ x: 1 }, { x: 2 }]);
    } finally {
      await pool.query(`drop table ${table}`);
    }
  });

  it("opens a new connection after the pipelined one was cut", async () => {
    // A connection lost between statements is an "error" event of the pool, as with pg's Pool.
    pool.on("error", () => {});
    const before = await pipelineBackend();
    await expect(named("terminate", "select pg_terminate_backend(pg_backend_pid())")).rejects.toThrow();
    const after = await pipelineBackend();
    expect(after).not.toBe(before);
  });
});
