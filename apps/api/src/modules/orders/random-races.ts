/**
 * Randomised races (docs/reliability.md "Randomised races"): checkouts of one product fired at
 * once with random timing, basket sizes, stock, daily caps and per-customer limits, then the
 * invariants checked from the database: nothing oversold, no cap or limit passed, every
 * capture one paid order, every refusal a 4xx the spec words. The small run is in
 * random-races.test.ts; scripts/races.ts runs 100 over one and two server processes.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, sql } from "@deals/db";
import { dealProducts, productSalesWindows } from "@deals/db/schema/catalogue";
import { buyerProductPurchases, orderLines, orders, sandboxTransactions } from "@deals/db/schema/commerce";
import {
  type CommerceTestApp,
  idempotencyKey,
  type TestCustomer,
  type TestProduct,
} from "../checkout/test-support.ts";
import { salesWindowStarts } from "../deals/service.ts";

export interface RaceSpec {
  /** Units left in stock when the race starts. */
  stock: number;
  /** Units the day's cap still allows, or null for no daily cap. */
  dailyRoom: number | null;
  maxPerCustomer: number | null;
  /** Units in each basket. */
  quantity: number;
  /** Customers trying once, from their own basket. */
  shoppers: number;
  /** Customers trying from several guest baskets each (several browsers), paid signed in. */
  eager: number;
  triesPerEager: number;
  /** Each checkout starts after a random wait up to this. */
  maxDelayMs: number;
}

/** A random race from `random` (0 to 1). */
export function randomRaceSpec(random: () => number, scale = 1): RaceSpec {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const quantity = random() < 0.5 ? 1 : int(2, 3);
  return {
    // A basket can hold the quantity only while that many are left.
    stock: int(quantity, Math.round(40 * scale)),
    dailyRoom: random() < 0.4 ? int(quantity, Math.round(30 * scale)) : null,
    maxPerCustomer: random() < 0.6 ? int(quantity, quantity * 3) : null,
    quantity,
    shoppers: int(5, Math.round(40 * scale)),
    eager: int(0, 6),
    triesPerEager: int(2, 6),
    maxDelayMs: int(0, 40),
  };
}

export interface Checkout {
  customer: TestCustomer;
  token: string;
}

export type Send = (checkout: Checkout, key: string) => Promise<{ status: number; body: string }>;

export interface RaceOutcome {
  attempts: number;
  placed: number;
  unitsSold: number;
  refused: number;
  /** What is wrong, empty when every invariant held. */
  problems: string[];
}

/** What a refused checkout may say: sold out or past a limit (services.md §8). */
const REFUSALS = new Set(["This item is no longer available.", "Max quantity reached."]);

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Sets the product up for the race: stock, caps and limits counted from what it sold before. */
async function setUp(t: CommerceTestApp, product: TestProduct, spec: RaceSpec) {
  const { dayStart } = salesWindowStarts(t.now());
  const [window] = await t.db
    .select()
    .from(productSalesWindows)
    .where(
      and(
        eq(productSalesWindows.productId, product.productId),
        eq(productSalesWindows.kind, "day"),
        eq(productSalesWindows.windowStart, dayStart),
      ),
    );
  const soldToday = window?.sold ?? 0;
  const [row] = await t.db
    .update(dealProducts)
    .set({
      totalStock: sql`${dealProducts.totalBought} + ${spec.stock}`,
      dailyCap: spec.dailyRoom === null ? null : soldToday + spec.dailyRoom,
      maxPerCustomer: spec.maxPerCustomer,
      purchaseCap: Math.max(10, spec.quantity),
      weeklyCap: null,
    })
    .where(eq(dealProducts.id, product.productId))
    .returning();
  return { boughtBefore: row!.totalBought, soldToday, dayStart, countedBefore: await counted(t, product) };
}

/** Units the per-customer counters hold for the product. */
async function counted(t: CommerceTestApp, product: TestProduct): Promise<number> {
  const [row] = await t.db
    .select({ units: sql<number>`coalesce(sum(${buyerProductPurchases.bought}), 0)::int` })
    .from(buyerProductPurchases)
    .where(eq(buyerProductPurchases.productId, product.productId));
  return Number(row?.units ?? 0);
}

/** Runs one race of `spec` on `product` and checks it; `send` places one checkout. */
export async function runRace(
  t: CommerceTestApp,
  product: TestProduct,
  spec: RaceSpec,
  send: Send,
  random: () => number = Math.random,
): Promise<RaceOutcome> {
  const before = await setUp(t, product, spec);
  const line = { ...product };
  const checkouts: Checkout[] = [];
  const eager: TestCustomer[] = [];
  for (let i = 0; i < spec.eager; i++) {
    const customer = await t.createCustomer();
    eager.push(customer);
    for (let n = 0; n < spec.triesPerEager; n++)
      checkouts.push({ customer, token: await t.newBasket([line], undefined, spec.quantity) });
  }
  const others: TestCustomer[] = [];
  for (let i = 0; i < spec.shoppers; i++) {
    const customer = await t.createCustomer();
    others.push(customer);
    checkouts.push({ customer, token: await t.newBasket([line], customer, spec.quantity) });
  }

  const answers = await Promise.all(
    shuffle(checkouts, random).map(async (checkout) => {
      await sleep(Math.floor(random() * spec.maxDelayMs));
      return send(checkout, idempotencyKey());
    }),
  );

  const problems: string[] = [];
  let refused = 0;
  for (const answer of answers) {
    if (answer.status === 201) continue;
    refused += 1;
    const message = (JSON.parse(answer.body) as { error?: { message?: string } }).error?.message ?? "";
    if (answer.status !== 409 || !REFUSALS.has(message))
      problems.push(`a checkout answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  }

  const buyers = [...eager, ...others].map((c) => c.id);
  const placed = await t.db.select().from(orders).where(inArray(orders.customerId, buyers));
  const paid = placed.filter((o) => o.status === "paid");
  if (paid.length !== placed.length) problems.push(`${placed.length - paid.length} orders not paid`);
  if (paid.length !== answers.length - refused)
    problems.push(`${paid.length} paid orders for ${answers.length - refused} placed checkouts`);
  const lines =
    paid.length === 0
      ? []
      : await t.db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              paid.map((o) => o.id),
            ),
          );
  const unitsSold = lines.reduce((sum, l) => sum + l.quantity, 0);
  const row = await t.productRow(product.productId);
  if (row.totalBought - before.boughtBefore !== unitsSold)
    problems.push(`bought ${row.totalBought - before.boughtBefore}, orders hold ${unitsSold}`);
  if (unitsSold > spec.stock) problems.push(`oversold: ${unitsSold} of ${spec.stock}`);
  if (spec.dailyRoom !== null) {
    const [today] = await t.db
      .select()
      .from(productSalesWindows)
      .where(
        and(
          eq(productSalesWindows.productId, product.productId),
          eq(productSalesWindows.kind, "day"),
          eq(productSalesWindows.windowStart, before.dayStart),
        ),
      );
    const soldToday = (today?.sold ?? 0) - before.soldToday;
    if (soldToday > spec.dailyRoom) problems.push(`over the daily cap: ${soldToday} of ${spec.dailyRoom}`);
  }
  const perCustomer = new Map<number, number>();
  for (const order of paid) {
    const units = lines.filter((l) => l.orderId === order.id).reduce((sum, l) => sum + l.quantity, 0);
    perCustomer.set(order.customerId!, (perCustomer.get(order.customerId!) ?? 0) + units);
  }
  const most = Math.max(0, ...perCustomer.values());
  if (spec.maxPerCustomer !== null && most > spec.maxPerCustomer)
    problems.push(`over the per-customer limit: ${most} of ${spec.maxPerCustomer}`);
  const countedNow = (await counted(t, product)) - before.countedBefore;
  if (countedNow !== unitsSold) problems.push(`per-customer counters hold ${countedNow}, sold ${unitsSold}`);
  const charges =
    placed.length === 0
      ? []
      : await t.db
          .select()
          .from(sandboxTransactions)
          .where(
            inArray(
              sandboxTransactions.reference,
              placed.map((o) => `order-${o.id}`),
            ),
          );
  const captured = charges.filter((c) => c.status === "captured").length;
  if (captured !== paid.length) problems.push(`${captured} captures for ${paid.length} paid orders`);

  // Nobody was refused while the units they asked for were still allowed (one unit per basket).
  if (spec.quantity === 1) {
    const demand = [...eager.map(() => spec.triesPerEager), ...others.map(() => 1)].reduce(
      (sum, tries) => sum + Math.min(tries, spec.maxPerCustomer ?? tries),
      0,
    );
    const allowed = Math.min(spec.stock, spec.dailyRoom ?? spec.stock, demand);
    if (unitsSold !== allowed) problems.push(`sold ${unitsSold}, ${allowed} were allowed`);
  }
  return { attempts: answers.length, placed: paid.length, unitsSold, refused, problems };
}
