/**
 * PGlite reads each text value of a row straight from the message it received
 * (patches/@electric-sql+pglite+0.5.16.patch: no copy of the bytes per value first). Every
 * value must still come out whole and in place: any width of UTF-8, empty, null, beside
 * numbers, through PGlite's own `query` and a statement run by name.
 */
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { parsersOf, runNamed } from "./pglite-named.ts";
import { pgliteEmptyCluster } from "./testing.ts";

const TEXTS = [
  "",
  "plain",
  "£49 was £76",
  "Café crème for 2",
  "日本料理",
  "Spa day 🧖‍♀️ & prosecco 🥂",
  "x".repeat(5_000),
];

const STATEMENT = `
  select n, t, case when n % 2 = 0 then null else t end as odd, length(t) as chars
  from unnest($1::text[]) with ordinality as input(t, n)
  order by n`;

function expected() {
  return TEXTS.map((t, i) => {
    const n = i + 1;
    return { n, t, odd: n % 2 === 0 ? null : t, chars: [...t].length };
  });
}

// PGlite's own behaviour, whatever DATABASE_URL says: checked in the PGlite run only.
describe.skipIf(Boolean(process.env.DATABASE_URL))("text values read from PGlite's rows", () => {
  it("come out whole through query, row after row", async () => {
    const pg = await PGlite.create({ loadDataDir: await pgliteEmptyCluster() });
    const { rows } = await pg.query(STATEMENT, [TEXTS]);
    expect(rows.map((row) => ({ ...(row as object), n: Number((row as { n: unknown }).n) }))).toEqual(
      expected(),
    );
    await pg.close();
  });

  it("come out whole through a statement run by name, as arrays", async () => {
    const pg = await PGlite.create({ loadDataDir: await pgliteEmptyCluster() });
    const parsers = parsersOf(pg);
    for (let call = 0; call < 3; call++) {
      const { rows } = await runNamed(pg, "texts", STATEMENT, [TEXTS], parsers, "array");
      expect(rows.map((row) => (row as unknown[]).slice(1))).toEqual(
        expected().map(({ t, odd, chars }) => [t, odd, chars]),
      );
    }
    await pg.close();
  });
});
