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
