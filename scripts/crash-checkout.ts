/**
 * Crash during checkout (docs/reliability.md): 1,000 card checkouts by signed-in shoppers
 * against an API server on PostgreSQL, while the server is killed with SIGKILL at random
 * moments (at least 20 times) and started again; each shopper retries a call that got no
 * answer, or a 503, with the same idempotency key, as the storefront does. The sandbox gateway
 * also fails some payments (SANDBOX_PAYMENT_FAULTS, docs/reliability.md "The payment provider
 * fails"): unreachable, timing out or failing after taking the money. Afterwards, at once (no
 * reconciliation run is waited for):
 *  - every captured payment has exactly one paid order, or was refunded;
 *  - no order is left pending, none was charged twice;
 *  - the stock sold equals the units of paid orders, and every voucher belongs to a paid order;
 *  - every shopper's last answer agrees with their order.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/crash-checkout.ts [checkouts=1000] [kills=20] [gateway faults]
 *
 * gateway faults: SANDBOX_PAYMENT_FAULTS's form, by default
 * "unreachable=0.03,timeout=0.02,fail-after-capture=0.03" ("none" for a gateway that never fails).
 *
 * Runs on a scratch database copied from the test catalogue and dropped afterwards.
 */
import { sql } from "@deals/db";
import type { TestCustomer } from "../apps/api/src/modules/checkout/test-support.ts";
import { crashRun } from "./lib/crash-run.ts";

const CHECKOUTS = Number(process.argv[2] ?? 1_000);
const MIN_KILLS = Number(process.argv[3] ?? 20);
const GATEWAY_FAULTS = process.argv[4] ?? "unreachable=0.03,timeout=0.02,fail-after-capture=0.03";
const SHOPPERS = 12;

const run = await crashRun({ SANDBOX_PAYMENT_FAULTS: GATEWAY_FAULTS, SANDBOX_PAYMENT_TIMEOUT_MS: "500" });
const { t, rows } = run;
const product = await t.freshProduct({ left: CHECKOUTS * 2, purchaseCap: 10 });
const shoppers: TestCustomer[] = [];
for (let i = 0; i < SHOPPERS; i++) shoppers.push(await t.createCustomer());
const boughtBefore = product.totalBought;

interface Outcome {
  key: string;
  status: number;
  orderId?: number;
  orderStatus?: string;
  attempts: number;
  /** Answers of 503 (the gateway failed, or the server was busy) before the last answer. */
  tryAgain: number;
}

let next = 0;
const outcomes: Outcome[] = [];
async function shopper(customer: TestCustomer): Promise<void> {
  while (next < CHECKOUTS) {
    const n = next++;
    const basket = await run.answered("/v1/basket", customer, {
      products: [{ dealId: product.dealId, productId: product.productId, quantity: 1 }],
    });
    const token = basket.json.id as string;
    const key = `crash-${n}-${Date.now()}`;
    const paid = await run.answered(
      `/v1/checkout/${token}`,
      customer,
      {
        address: { postCode: "SW1A 1AA" },
        payment: {
          method: "credit_card",
          instrumentType: "NEW",
          card: { number: "4111111111111111", expiry: "12/30", securityCode: "123" },
        },
      },
      { "idempotency-key": key },
    );
    const order = paid.json as { productOrder?: { id: number }; status?: string };
    if (paid.response.status >= 400 && outcomes.every((o) => o.status < 400)) {
      console.error(`first refusal: ${paid.response.status} ${JSON.stringify(paid.json)}`);
    }
    outcomes.push({
      key,
      status: paid.response.status,
      ...(order.productOrder ? { orderId: order.productOrder.id, orderStatus: order.status } : {}),
      attempts: paid.attempts,
      tryAgain: paid.tryAgain,
    });
  }
}

await run.startApi();
const started = performance.now();
const killer = run.killDuring(() => outcomes.length, CHECKOUTS, MIN_KILLS);
await Promise.all(shoppers.map(shopper));
const kills = await killer.stop();
const seconds = (performance.now() - started) / 1000;
run.killApi();

const [orderCounts] = await rows<{ paid: number; failed: number; pending: number }>(sql`
  select count(*) filter (where status = 'paid')::int as paid, count(*) filter (where status = 'failed')::int as failed,
    count(*) filter (where status = 'pending')::int as pending from orders where customer_id in (${sql.join(
      shoppers.map((s) => sql`${s.id}`),
      sql`, `,
    )})`);
const [money] = await rows<{
  capturedWithoutPaid: number;
  refundedOfPaid: number;
  chargedTwice: number;
  captured: number;
  refunded: number;
}>(sql`
  select
    count(*) filter (where t.status = 'captured' and (o.id is null or o.status <> 'paid'))::int as "capturedWithoutPaid",
    count(*) filter (where t.status = 'refunded' and o.status = 'paid')::int as "refundedOfPaid",
    (select count(*) from (select reference from sandbox_transactions group by reference having count(*) > 1) d)::int as "chargedTwice",
    count(*) filter (where t.status = 'captured')::int as captured,
    count(*) filter (where t.status = 'refunded')::int as refunded
  from sandbox_transactions t left join orders o on t.reference = 'order-' || o.id`);
const [stock] = await rows<{ bought: number; soldToPaid: number }>(sql`
  select (select total_bought from deal_products where id = ${product.productId})::int - ${boughtBefore} as bought,
    (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
      where l.product_id = ${product.productId} and o.status = 'paid')::int as "soldToPaid"`);
const [vouchers] = await rows<{ total: number; ofUnpaid: number; paidUnits: number }>(sql`
  select count(*)::int as total, count(*) filter (where o.status <> 'paid')::int as "ofUnpaid",
    (select coalesce(sum(l.quantity), 0) from order_lines l join orders o2 on o2.id = l.order_id
      where o2.status = 'paid' and l.product_id is not null)::int as "paidUnits"
  from vouchers v join orders o on o.id = v.order_id`);
const finalStatuses = new Map<number, string>(
  (await rows<{ id: number; status: string }>(sql`select id, status from orders`)).map((o) => [
    o.id,
    o.status,
  ]),
);
const disagreeing = outcomes.filter(
  (o) => o.orderId !== undefined && finalStatuses.get(o.orderId) !== o.orderStatus,
);
const byStatus: Record<number, number> = {};
for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
const retried = outcomes.filter((o) => o.attempts > 1).length;
const tryAgain = outcomes.reduce((sum, o) => sum + o.tryAgain, 0);

const report = {
  checkouts: outcomes.length,
  kills,
  seconds: Math.round(seconds),
  answers: byStatus,
  gatewayFaults: GATEWAY_FAULTS,
  retriedPayCalls: retried,
  payCallsAnswered503: tryAgain,
  orders: orderCounts,
  payments: money,
  stock,
  vouchers,
  answersDisagreeingWithOrder: disagreeing.length,
};
console.log(JSON.stringify(report, null, 2));
const ok =
  outcomes.length === CHECKOUTS &&
  outcomes.every((o) => o.orderStatus === "paid") &&
  kills >= MIN_KILLS &&
  orderCounts!.pending === 0 &&
  money!.capturedWithoutPaid === 0 &&
  money!.refundedOfPaid === 0 &&
  money!.chargedTwice === 0 &&
  stock!.bought === stock!.soldToPaid &&
  vouchers!.ofUnpaid === 0 &&
  vouchers!.total === vouchers!.paidUnits &&
  disagreeing.length === 0;
console.log(ok ? "PASS" : "FAIL");
await run.close();
process.exit(ok ? 0 : 1);
