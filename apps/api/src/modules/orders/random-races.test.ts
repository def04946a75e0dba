/**
 * The always-run part of the randomised races (random-races.ts): a few races with random
 * timing, sizes, caps and per-customer limits against one app on PostgreSQL; scripts/races.ts
 * runs 100 over one and two server processes. PGlite is one connection, so skipped there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../contract/bad-requests.ts";
import { type CommerceTestApp, startCommerceApp } from "../checkout/test-support.ts";
import { randomRaceSpec, runRace } from "./random-races.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
const RACES = 6;

let t: CommerceTestApp;
beforeAll(async () => {
  if (onPostgres) t = await startCommerceApp();
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.skipIf(!onPostgres)(
  "randomised races on PostgreSQL (skipped on PGlite: one connection cannot race)",
  () => {
    const seed = Date.now() % 100_000;
    it(`holds stock, caps and limits in ${RACES} random races (seed ${seed})`, async () => {
      const random = seededRandom(seed);
      const product = await t.freshProduct();
      for (let race = 0; race < RACES; race++) {
        const spec = randomRaceSpec(random, 0.5);
        const outcome = await runRace(
          t,
          product,
          spec,
          async (checkout, key) => {
            const response = await t.call({
              method: "POST",
              url: `/v1/checkout/${checkout.token}`,
              customer: checkout.customer,
              headers: { "idempotency-key": key },
              body: {
                address: { addressLine1: "1 High Street", town: "London", postCode: "SW1A 1AA" },
                payment: {
                  method: "credit_card",
                  card: { number: "4111111111111111", expiry: "12/30", securityCode: "123" },
                },
              },
            });
            return { status: response.statusCode, body: response.body };
          },
          random,
        );
        expect(outcome.problems, JSON.stringify(spec)).toEqual([]);
        expect(outcome.attempts).toBe(spec.shoppers + spec.eager * spec.triesPerEager);
      }
    }, 240_000);
  },
);
