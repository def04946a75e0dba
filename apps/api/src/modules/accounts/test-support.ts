/**
 * For the accounts tests: an app on a fresh test database with a clock the test moves, calls
 * made as a browser on the brand's site would make them, and the emails the outbox holds.
 */
import { randomInt } from "node:crypto";
import type { Database } from "@deals/db";
import { and, desc, eq } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { App } from "../../app.ts";
import { brandHeaders, buildTestApp } from "../../testing.ts";

export interface AccountsTestApp {
  app: App;
  database: Database;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  now(): Date;
  /** A call as a browser on the brand's site: its Origin, the brand headers, the given cookies. */
  call(options: CallOptions): Promise<LightMyRequestResponse>;
  /** The newest email of a kind sent to an address. */
  lastEmail(to: string, template: string): Promise<{ text: string; subject: string } | undefined>;
  /** The token in the newest link of a kind emailed to an address. */
  emailedToken(to: string, template: string): Promise<string>;
  /** Registers an account and activates it from the emailed link. */
  createAccount(account: NewAccount): Promise<void>;
  signIn(email: string, password: string, rememberMe?: boolean): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export interface CallOptions {
  method: InjectOptions["method"];
  url: string;
  body?: unknown;
  cookies?: Record<string, string>;
  brandId?: BrandId;
  /** The caller's address; by default a random one, so only rate-limit tests meet the limits. */
  ip?: string;
  headers?: Record<string, string>;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export const SITE_HOST = "main-uk.localhost:3000";

/** A random private address: its own rate-limit buckets. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** A fresh address for each test, so tests do not share accounts. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${randomInt(1e6)}@mail.example.co.uk`;
}

/** The name=value pairs a response sets (cleared cookies have an empty value). */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.value]));
}

export async function startAccountsApp(): Promise<AccountsTestApp> {
  const database = await testDatabase();
  let now = TEST_NOW;
  const app = await buildTestApp({ database, clock: () => now });

  const call = (options: CallOptions) => {
    const brand = BRANDS[options.brandId ?? "main-uk"];
    const host = options.brandId ? `${brand.id}.localhost:3000` : SITE_HOST;
    return app.inject({
      method: options.method,
      url: options.url,
      remoteAddress: options.ip ?? randomIp(),
      headers: {
        host,
        origin: `http://${host}`,
        ...brandHeaders(brand.id),
        ...options.headers,
      },
      ...(options.cookies ? { cookies: options.cookies } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
  };

  async function lastEmail(to: string, template: string) {
    const [row] = await database.db
      .select({ text: outboxEmails.text, subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), eq(outboxEmails.template, template)))
      .orderBy(desc(outboxEmails.id))
      .limit(1);
    return row;
  }

  async function emailedToken(to: string, template: string) {
    const email = await lastEmail(to, template);
    const token = email?.text.match(/[?&]token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`No ${template} link was emailed to ${to}`);
    return token;
  }

  async function signIn(email: string, password: string, rememberMe = false) {
    const response = await call({
      method: "POST",
      url: "/v1/login",
      body: { username: email, password, rememberMe },
    });
    expect(response.statusCode, response.body).toBe(200);
    return cookiesOf(response);
  }

  return {
    app,
    database,
    advance(ms) {
      now = new Date(now.getTime() + ms);
    },
    now: () => now,
    call,
    lastEmail,
    emailedToken,
    async createAccount({ email, password, firstName = "Alex", lastName = "Morgan" }) {
      const registered = await call({
        method: "POST",
        url: "/v1/register",
        body: { email, password, confirmPassword: password, firstName, lastName },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const token = await emailedToken(email, "activation");
      const activated = await call({ method: "POST", url: "/v1/user/password_activate", body: { token } });
      expect(activated.statusCode, activated.body).toBe(200);
    },
    signIn,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
