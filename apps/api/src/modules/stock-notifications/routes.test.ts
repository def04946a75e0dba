import { and, eq, isNull } from "@deals/db";
import { outboxEmails } from "@deals/db/schema/accounts";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import { TEST_NOW } from "@deals/db/testing";
import { NOTIFY_ME_MESSAGES } from "@deals/domain/notify-me";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";
import { sendBackInStockEmails } from "./service.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const ask = (body: unknown, brandId?: Parameters<typeof brandHeaders>[0]) =>
  testApp.app.inject({
    method: "POST",
    url: "/v1/deal/sold-out-notification",
    headers: brandHeaders(brandId),
    payload: body as Record<string, unknown>,
  });

const emailsTo = (to: string) =>
  testApp.database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.to, to), eq(outboxEmails.template, "back-in-stock")));

/** A main-uk deal sold out by its stock (flag off), never closing, with its products' stock. */
async function soldOutDeal() {
  const { db } = testApp.database;
  const [deal] = await db
    .select({ id: deals.id, headline: deals.headline })
    .from(deals)
    .where(and(eq(deals.brandId, "main-uk"), eq(deals.soldOut, false), isNull(deals.closingDate)))
    .limit(1);
  const products = await db
    .select({
      id: dealProducts.id,
      totalStock: dealProducts.totalStock,
      totalBought: dealProducts.totalBought,
    })
    .from(dealProducts)
    .where(eq(dealProducts.dealId, deal!.id));
  for (const product of products) {
    await db
      .update(dealProducts)
      .set({ totalStock: product.totalBought })
      .where(eq(dealProducts.id, product.id));
  }
  const restock = async () => {
    for (const product of products) {
      await db
        .update(dealProducts)
        .set({ totalStock: product.totalBought + 50 })
        .where(eq(dealProducts.id, product.id));
    }
  };
  return { deal: deal!, restock };
}

describe("POST /v1/deal/sold-out-notification", () => {
  it("emails each shopper once when the sold-out deal is back on sale", async () => {
    const { deal, restock } = await soldOutDeal();
    const first = await ask({ dealId: deal.id, email: "Ada@Example.com" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      dealId: deal.id,
      email: "ada@example.com",
      created: true,
      message: NOTIFY_ME_MESSAGES.sent,
    });
    // Asking again while it waits changes nothing.
    const again = await ask({ dealId: deal.id, email: "ada@example.com" });
    expect(again.statusCode).toBe(200);
    expect(again.json().created).toBe(false);
    expect((await ask({ dealId: deal.id, email: "grace@example.com" })).statusCode).toBe(201);

    // Still sold out: nothing is sent.
    expect(await sendBackInStockEmails(testApp.database.db, TEST_NOW)).toBe(0);
    expect(await emailsTo("ada@example.com")).toEqual([]);

    await restock();
    expect(await sendBackInStockEmails(testApp.database.db, TEST_NOW)).toBe(2);
    const [email] = await emailsTo("ada@example.com");
    expect(email?.subject).toBe(`Back in stock: ${deal.headline}`);
    expect(email?.text).toContain(`${deal.headline} is back on sale.`);
    expect(email?.text).toMatch(/See the deal: http:\/\/[^\s]+\/deal\/[^\s]+\/\d+\/[^\s]+/);
    expect(await emailsTo("grace@example.com")).toHaveLength(1);

    // Once per request: later runs send nothing more.
    expect(await sendBackInStockEmails(testApp.database.db, TEST_NOW)).toBe(0);
    expect(await emailsTo("ada@example.com")).toHaveLength(1);
  });

  it("takes no request for a deal on sale now or one that has ended", async () => {
    const { db } = testApp.database;
    const [onSale] = await db
      .select({ id: deals.id })
      .from(deals)
      .where(and(eq(deals.brandId, "main-uk"), eq(deals.soldOut, false), isNull(deals.closingDate)))
      .offset(5)
      .limit(1);
    expect((await ask({ dealId: onSale!.id, email: "ada@example.com" })).json()).toEqual({
      error: { code: "DEAL_ON_SALE", message: NOTIFY_ME_MESSAGES.onSale },
    });
    await db
      .update(deals)
      .set({
        closingDate: new Date(TEST_NOW.getTime() - 3 * 86_400_000),
        lastChance: false,
        enableBuyClosedDeal: false,
      })
      .where(eq(deals.id, onSale!.id));
    const ended = await ask({ dealId: onSale!.id, email: "ada@example.com" });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error).toEqual({ code: "DEAL_ENDED", message: NOTIFY_ME_MESSAGES.ended });
  });

  it("answers bad input with a clear 400 and another brand's deal with 404, writing nothing", async () => {
    const { deal } = await soldOutDeal();
    for (const [body, message] of [
      [{ dealId: deal.id, email: "not an email" }, "Enter a valid email address"],
      [{ dealId: deal.id }, undefined],
      [{ dealId: "x", email: "ada@example.com" }, "dealId must be a deal id"],
    ] as const) {
      const response = await ask(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json().error.message).toContain(message);
    }
    const elsewhere = await ask({ dealId: deal.id, email: "ada@example.com" }, "main-ie");
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await ask({ dealId: 2_000_000_000, email: "ada@example.com" });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("POST /dev/deal-stock (outside production)", () => {
  const setStock = (body: unknown) =>
    testApp.app.inject({ method: "POST", url: "/dev/deal-stock", payload: body as Record<string, unknown> });

  it("sells a deal out and brings its stock back, emailing those waiting at once", async () => {
    const { deal } = await soldOutDeal();
    const soldOut = await setStock({ dealId: deal.id, left: 0 });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(soldOut.json()).toEqual({ dealId: deal.id, left: 0, backInStockEmails: 0 });
    expect((await ask({ dealId: deal.id, email: "lin@example.com" })).statusCode).toBe(201);

    const back = await setStock({ dealId: deal.id, left: 20 });
    expect(back.json()).toEqual({ dealId: deal.id, left: 20, backInStockEmails: 1 });
    const [email] = await emailsTo("lin@example.com");
    expect(email?.subject).toBe(`Back in stock: ${deal.headline}`);
    // On sale again: nobody can ask to be told any more.
    expect((await ask({ dealId: deal.id, email: "max@example.com" })).statusCode).toBe(409);

    expect((await setStock({ dealId: 2_000_000_000, left: 1 })).statusCode).toBe(404);
    expect((await setStock({ dealId: deal.id, left: -1 })).statusCode).toBe(400);
  });
});
