/**
 * For the API's integration tests: an app on a fresh seeded test database, the fixed "now"
 * the catalogue was seeded around, and the headers each brand's site sends.
 *
 * Every test app holds to the contract (docs/reliability.md "The contract holds"): each answer
 * a test receives through `app.inject` is checked against /openapi.json, and an answer whose
 * status or body the document does not declare for its operation fails the test that received
 * it (tests/support/contract.ts), naming the request and what is wrong.
 */
import type { Database } from "@deals/db";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import type { InjectOptions, LightMyRequestResponse as Response } from "fastify";
import { type App, type BuildAppOptions, buildApp } from "./app.ts";
import { type ContractCheck, contractCheck } from "./contract/contract.ts";

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** Answers not declared by /openapi.json since the last look (takeContractProblems). */
const problems: string[] = [];

/** The undeclared answers received since the last call, and forgets them. */
export function takeContractProblems(): string[] {
  return problems.splice(0);
}

/** One contract check per document text: every app of a test worker serves the same document. */
const checks = new Map<string, Promise<ContractCheck>>();

/** The contract check of the document `app` serves at /openapi.json. */
export function contractFor(app: App): Promise<ContractCheck> {
  const text = JSON.stringify(app.swagger());
  let check = checks.get(text);
  if (!check) {
    check = contractCheck(JSON.parse(text));
    checks.set(text, check);
  }
  return check;
}

function requestedUrl(options: InjectOptions | string): { method: string; url: string } {
  if (typeof options === "string") return { method: "GET", url: options };
  const url = typeof options.url === "string" ? options.url : (options.path as string);
  const query = options.query ? new URLSearchParams(options.query as Record<string, string>).toString() : "";
  const joined = query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
  return { method: options.method ?? "GET", url: joined };
}

/** buildApp, with every injected answer checked against the app's own /openapi.json. */
export async function buildTestApp(options: BuildAppOptions): Promise<App> {
  const app = await buildApp(options);
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<Response>;
  let check: Promise<ContractCheck> | undefined;
  const checked = async (injected: InjectOptions | string) => {
    const response = await inject(injected);
    check ??= contractFor(app);
    const problem = (await check).problem(
      {
        ...requestedUrl(injected),
        status: response.statusCode,
        contentType: response.headers["content-type"] as string | undefined,
        body: response.body,
      },
      { undocumentedRoutes: true },
    );
    if (problem) problems.push(problem);
    return response;
  };
  app.inject = checked as App["inject"];
  return app;
}

export async function startTestApp(): Promise<TestApp> {
  const database = await testDatabase();
  const app = await buildTestApp({ database, clock: () => TEST_NOW });
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
