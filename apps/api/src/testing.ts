/**
 * For the API's integration tests: an app on a fresh seeded test database, the fixed "now"
 * the catalogue was seeded around, and the headers each brand's site sends.
 */
import type { Database } from "@deals/db";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import { type App, buildApp } from "./app.ts";

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function startTestApp(): Promise<TestApp> {
  const database = await testDatabase();
  const app = await buildApp({ database, clock: () => TEST_NOW });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `brand` and `country-code` headers of a brand's site. */
export function brandHeaders(brandId: BrandId = "main-uk"): Record<string, string> {
  const brand = BRANDS[brandId];
  return { brand: brand.key, "country-code": brand.countryCode };
}
