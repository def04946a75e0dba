/**
 * For the basket, checkout and order tests: an app on a fresh test database with a clock the
 * test moves, customers signed in without the login flow, products set up with known caps,
 * wallet credit and promo codes, and calls made as the brand's site makes them.
 */
import { randomBytes, randomInt } from "node:crypto";
import { and, asc, type Database, eq, gt, inArray, isNull, ne, notInArray, or, sql } from "@deals/db";
import { outboxEmails, users } from "@deals/db/schema/accounts";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import { promoCodes } from "@deals/db/schema/commerce";
import { postcodeAddressRows } from "@deals/db/seed/addresses";
import { TEST_NOW, testDatabase } from "@deals/db/testing";
import { BRANDS, type BrandId } from "@deals/domain/brand";
import {
  CLEARPAY_BLOCKED_SUBCATEGORY_IDS,
  KLARNA_BLOCKED_SUBCATEGORY_IDS,
  LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
} from "@deals/domain/constants";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { App, BuildAppOptions } from "../../app.ts";
import { brandHeaders, buildTestApp } from "../../testing.ts";
import type { Customer } from "../accounts/auth.ts";
import { addWalletCredit } from "../wallet/queries.ts";

export interface TestCustomer extends Customer {
  cookies: Record<string, string>;
}

export interface ProductSetup {
  priceMinor?: number;
  vipPriceMinor?: number | null;
  adminFeeMinor?: number;
  postagePriceMinor?: number;
  depositPriceMinor?: number | null;
  purchaseCap?: number;
  maxPerCustomer?: number | null;
  dailyCap?: number | null;
  weeklyCap?: number | null;
  /** Units left: total stock is set to what was bought plus this. null: no stock limit. */
  left?: number | null;
  vipExclusive?: boolean;
}

export interface DealSetup {
  subcategoryId?: number;
  highFraudRisk?: boolean;
  closingDate?: Date | null;
  deliveryType?: "none" | "delivery" | "collection";
  dealType?: "voucher" | "product" | "travel";
  /** Members pay VIP prices here; by default when the product has a VIP price. */
  vipDiscountAllowed?: boolean;
}

export interface TestProduct {
  dealId: number;
  productId: number;
  priceMinor: number;
  adminFeeMinor: number;
  totalBought: number;
}

export interface CallOptions {
  method: InjectOptions["method"];
  url: string;
  body?: unknown;
  customer?: TestCustomer;
  brandId?: BrandId;
  headers?: Record<string, string>;
}

const DAY_MS = 86_400_000;
/** Subcategories whose payment guards would get in the way of a plain test product. */
const GUARDED_SUBCATEGORIES: number[] = [
  ...LOW_TOTAL_ONLY_SUBCATEGORY_IDS,
  ...CLEARPAY_BLOCKED_SUBCATEGORY_IDS,
  ...KLARNA_BLOCKED_SUBCATEGORY_IDS,
];

export async function startCommerceApp(
  options: { database?: Database; logger?: BuildAppOptions["logger"] } = {},
) {
  const database = options.database ?? (await testDatabase());
  let now = TEST_NOW;
  const app: App = await buildTestApp({ database, clock: () => now, logger: options.logger ?? false });
  const { db } = database;
  const usedDeals = new Set<number>();

  const call = (o: CallOptions): Promise<LightMyRequestResponse> => {
    const brand = BRANDS[o.brandId ?? o.customer?.brandId ?? "main-uk"];
    const host = `${brand.id}.localhost:3000`;
    return app.inject({
      method: o.method,
      url: o.url,
      headers: { host, origin: `http://${host}`, ...brandHeaders(brand.id), ...o.headers },
      ...(o.customer ? { cookies: o.customer.cookies } : {}),
      ...(o.body === undefined ? {} : { payload: o.body as object }),
    });
  };

  /** Applies a promo code to a basket, as the checkout page does (POST /v1/promocode). */
  const applyPromo = (customer: TestCustomer | null, basketToken: string, promoCode: string) =>
    call({
      method: "POST",
      url: "/v1/promocode",
      ...(customer ? { customer } : {}),
      body: { basketToken, promoCode },
    });

  /** A guest's express-buy token for their email (POST /v1/express-buy-token). */
  async function expressBuyToken(email: string): Promise<string> {
    const issued = await call({
      method: "POST",
      url: "/v1/express-buy-token",
      body: { expressBuyTokenRequest: { email } },
    });
    if (issued.statusCode !== 200)
      throw new Error(`express-buy-token answered ${issued.statusCode}: ${issued.body}`);
    return issued.json().expressBuyToken as string;
  }

  /** A signed-in customer (a session made directly, without the login flow). */
  async function createCustomer(setup: { vip?: boolean; brandId?: BrandId } = {}): Promise<TestCustomer> {
    const brandId = setup.brandId ?? "main-uk";
    const email = `shopper.${randomBytes(6).toString("hex")}@mail.example.co.uk`;
    const [user] = await db
      .insert(users)
      .values({
        brandId,
        email,
        emailKey: email,
        firstName: "Sam",
        lastName: "Shopper",
        customerToken: randomBytes(16).toString("hex"),
        vipUser: setup.vip ?? false,
        vipMembershipExpiresAt: setup.vip ? new Date(now.getTime() + 365 * DAY_MS) : null,
        status: "active",
        createdAt: now,
        activatedAt: now,
      })
      .returning();
    const session = await app.sessions.create({ userId: user!.id, brandId, rememberMe: false, now });
    return {
      id: user!.id,
      email,
      firstName: user!.firstName,
      lastName: user!.lastName,
      customerToken: user!.customerToken,
      vipUser: setup.vip ?? false,
      brandId,
      activated: true,
      cookies: { sid: session.sid },
    };
  }

  /**
   * An open voucher deal of the brand no other test of this app has used, its first product
   * set up as asked (unlimited, no fees, purchase cap 10 unless told otherwise).
   */
  async function freshProduct(
    product: ProductSetup = {},
    deal: DealSetup = {},
    brandId: BrandId = "main-uk",
  ) {
    const candidates = await db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.brandId, brandId),
          eq(deals.dealType, deal.dealType ?? "voucher"),
          eq(deals.soldOut, false),
          // A calendar deal is sold only as a stay (travel/holds.ts).
          ne(deals.productDisplay, "calendar"),
          notInArray(deals.subcategoryId, GUARDED_SUBCATEGORIES),
          or(isNull(deals.closingDate), gt(deals.closingDate, new Date(TEST_NOW.getTime() + 10 * DAY_MS))),
        ),
      )
      .orderBy(asc(deals.id));
    const dealId = candidates.map((c) => c.id).find((id) => !usedDeals.has(id));
    if (dealId === undefined) throw new Error("No unused open deal left in the test catalogue");
    usedDeals.add(dealId);
    await db
      .update(deals)
      .set({
        ...(deal.subcategoryId === undefined ? {} : { subcategoryId: deal.subcategoryId }),
        highFraudRisk: deal.highFraudRisk ?? false,
        vipExclusive: false,
        display: sql`${deals.display} || jsonb_build_object('vipDiscountAllowed', ${
          deal.vipDiscountAllowed ?? (product.vipPriceMinor !== undefined && product.vipPriceMinor !== null)
        }::boolean)`,
        lastChance: false,
        enableBuyClosedDeal: false,
        deliveryType: deal.deliveryType ?? "none",
        ...(deal.closingDate === undefined ? {} : { closingDate: deal.closingDate }),
      })
      .where(eq(deals.id, dealId));
    const [first] = await db
      .select()
      .from(dealProducts)
      .where(eq(dealProducts.dealId, dealId))
      .orderBy(asc(dealProducts.sortOrder), asc(dealProducts.id))
      .limit(1);
    const left = product.left === undefined ? null : product.left;
    const [updated] = await db
      .update(dealProducts)
      .set({
        priceMinor: product.priceMinor ?? first!.priceMinor,
        vipPriceMinor: product.vipPriceMinor === undefined ? null : product.vipPriceMinor,
        adminFeeMinor: product.adminFeeMinor ?? 0,
        postagePriceMinor: product.postagePriceMinor ?? 0,
        depositPriceMinor: product.depositPriceMinor === undefined ? null : product.depositPriceMinor,
        purchaseCap: product.purchaseCap ?? 10,
        maxPerCustomer: product.maxPerCustomer ?? null,
        dailyCap: product.dailyCap ?? null,
        weeklyCap: product.weeklyCap ?? null,
        totalStock: left === null ? null : sql`${dealProducts.totalBought} + ${left}`,
        vipExclusive: product.vipExclusive ?? false,
      })
      .where(eq(dealProducts.id, first!.id))
      .returning();
    return {
      dealId,
      productId: updated!.id,
      priceMinor: updated!.priceMinor,
      adminFeeMinor: updated!.adminFeeMinor,
      totalBought: updated!.totalBought,
    } satisfies TestProduct;
  }

  async function creditWallet(
    customer: Pick<Customer, "id">,
    kind: "marketing" | "refundable",
    amountMinor: number,
    currency = "GBP",
  ) {
    await db.transaction((tx) =>
      addWalletCredit(tx, {
        customerId: customer.id,
        currency,
        kind,
        source: kind === "marketing" ? "promotion" : "refund",
        amountMinor,
        description: "Test credit",
        now,
      }),
    );
  }

  async function addPromo(row: typeof promoCodes.$inferInsert) {
    await db.insert(promoCodes).values(row);
  }

  /** A new basket holding `quantity` of each product; its token. */
  async function newBasket(products: TestProduct[], customer?: TestCustomer, quantity = 1): Promise<string> {
    const response = await call({
      method: "POST",
      url: "/v1/basket",
      ...(customer ? { customer } : {}),
      body: { products: products.map((p) => ({ dealId: p.dealId, productId: p.productId, quantity })) },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  }

  /** Pays a basket with the sandbox's test Visa as the customer; the 201 answer. */
  async function payByCard(token: string, customer: TestCustomer, body: Record<string, unknown> = {}) {
    const paid = await call({
      method: "POST",
      url: `/v1/checkout/${token}`,
      customer,
      headers: { "idempotency-key": idempotencyKey() },
      body: { address: BILLING, payment: { method: "credit_card", card: card("4111111111111111") }, ...body },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    return paid;
  }

  /** Buys the brand's seeded gift card of the given value; the voucher code is the card's code. */
  async function buyGiftCard(buyer: TestCustomer, valueMinor: number): Promise<string> {
    const [product] = await db
      .select({ dealId: dealProducts.dealId, productId: dealProducts.id })
      .from(dealProducts)
      .innerJoin(deals, eq(deals.id, dealProducts.dealId))
      .where(
        and(
          eq(deals.brandId, buyer.brandId),
          eq(deals.giftCard, true),
          eq(dealProducts.priceMinor, valueMinor),
        ),
      )
      .orderBy(asc(dealProducts.id));
    expect(product, `a ${valueMinor} gift card on ${buyer.brandId}`).toBeDefined();
    const token = await newBasket(
      [{ ...product!, priceMinor: valueMinor, adminFeeMinor: 0, totalBought: 0 }],
      buyer,
    );
    const paid = await payByCard(token, buyer, {
      address: BRANDS[buyer.brandId].countryCode === "ie" ? IRISH_BILLING : BILLING,
    });
    return paid.json().vouchers[0].code as string;
  }

  /** Buys one voucher as an e-gift to `recipient`: the claim code from the recipient's email. */
  async function sendEGift(buyer: TestCustomer, recipient: string) {
    const product = await freshProduct({ priceMinor: 3000, adminFeeMinor: 99 });
    const token = await newBasket([product], buyer);
    const gifted = await call({
      method: "PATCH",
      url: `/v1/basket/${token}/product/${product.productId}`,
      customer: buyer,
      body: { gifting: { type: "e-gift", recipientEmail: recipient, message: "Happy birthday!" } },
    });
    expect(gifted.statusCode, gifted.body).toBe(200);
    const paid = await payByCard(token, buyer);
    const [email] = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, recipient), eq(outboxEmails.template, "e-gift")));
    const code = /mygift\?code=([\w-]+)/.exec(email!.text)![1]!;
    return { code, voucher: paid.json().vouchers[0].code as string, email: email! };
  }

  async function productRow(productId: number) {
    const [row] = await db
      .select()
      .from(dealProducts)
      .where(inArray(dealProducts.id, [productId]));
    return row!;
  }

  return {
    app,
    database,
    db,
    call,
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    createCustomer,
    freshProduct,
    creditWallet,
    addPromo,
    applyPromo,
    expressBuyToken,
    newBasket,
    payByCard,
    buyGiftCard,
    sendEGift,
    productRow,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

export type CommerceTestApp = Awaited<ReturnType<typeof startCommerceApp>>;

/** A fresh idempotency key, as a client makes one per payment attempt. */
export function idempotencyKey(): string {
  return `key-${randomBytes(12).toString("hex")}-${randomInt(1e6)}`;
}

/** The card fields of a sandbox test card. */
export function card(number: string, expiry = "12/30", securityCode: string | undefined = "123") {
  return { number, expiry, ...(securityCode === undefined ? {} : { securityCode }) };
}

/** A valid UK billing postcode for the test payments. */
export const BILLING = { addressLine1: "1 High Street", town: "London", postCode: "SW1A 1AA" };

/** A valid Irish billing address (an Eircode) for the euro sites' payments. */
export const IRISH_BILLING = {
  addressLine1: "1 Main Street",
  town: "Dublin",
  postCode: postcodeAddressRows().find((row) => row.countryCode === "ie")!.postCode,
};
