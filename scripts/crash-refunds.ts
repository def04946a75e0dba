/**
 * Crash during refunds and gift-card redemption (docs/reliability.md): signed-in shoppers ask
 * for self-serve refunds of their vouchers (to the card mostly, some to the wallet; a third of
 * the orders were paid partly with wallet credit) and redeem gift cards (one in five codes by
 * two shoppers at the same moment), against an API server on PostgreSQL killed with SIGKILL at
 * random moments (at least 20 times) and started again, while the sandbox gateway fails some
 * refunds (before making them, or after, by timing out or answering an error). A call that gets
 * no answer, or a 503, is sent again with the same body and idempotency key. Afterwards, at once (no reconciliation run is
 * waited for):
 *  - every refund the provider made has exactly one recorded refund, of its amount, and every
 *    recorded refund to the card exactly one provider refund; no refund is left pending;
 *  - no voucher refunded twice, no order given back more than it was paid, no payment refunded
 *    more than it took;
 *  - every wallet balance equals the sum of its entries, and the refunds' wallet credit the
 *    refunds' wallet parts;
 *  - each gift card redeemed once, with exactly one credit of its value, to its redeemer;
 *  - every shopper's last answer agrees with the database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/crash-refunds.ts [refunds=1000] [redemptions=300] [kills=20] [gateway faults]
 *
 * gateway faults: SANDBOX_PAYMENT_FAULTS's form, as for scripts/crash-checkout.ts.
 *
 * Runs on a scratch database copied from the test catalogue and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "@deals/db";
import { dealProducts, deals } from "@deals/db/schema/catalogue";
import type { TestCustomer } from "../apps/api/src/modules/checkout/test-support.ts";
import { crashRun } from "./lib/crash-run.ts";

const REFUNDS = Number(process.argv[2] ?? 1_000);
const REDEMPTIONS = Number(process.argv[3] ?? 300);
const MIN_KILLS = Number(process.argv[4] ?? 20);
const GATEWAY_FAULTS = process.argv[5] ?? "unreachable=0.03,timeout=0.02,fail-after-capture=0.03";
const SHOPPERS = 12;
/** Vouchers per order: refunds of one order meet under its lock. */
const PER_ORDER = 4;
const GIFT_CARD_MINOR = 2500;

const run = await crashRun({ SANDBOX_PAYMENT_FAULTS: GATEWAY_FAULTS, SANDBOX_PAYMENT_TIMEOUT_MS: "500" });
const { t, rows } = run;
const shoppers: TestCustomer[] = [];
for (let i = 0; i < SHOPPERS; i++) shoppers.push(await t.createCustomer());

const settingUp = performance.now();
type Task =
  | { kind: "refund"; customer: TestCustomer; voucherId: number; destination: "original" | "wallet" }
  | { kind: "redeem"; code: string; redeemers: TestCustomer[] };
const tasks: Task[] = [];

const product = await t.freshProduct({ priceMinor: 2999, adminFeeMinor: 0, purchaseCap: PER_ORDER });
for (let order = 0; order * PER_ORDER < REFUNDS; order++) {
  const customer = shoppers[order % SHOPPERS]!;
  const quantity = Math.min(PER_ORDER, REFUNDS - order * PER_ORDER);
  const token = await t.newBasket([product], customer, quantity);
  const useWallet = order % 3 === 0;
  if (useWallet) await t.creditWallet(customer, "refundable", 500);
  const paid = (await t.payByCard(token, customer, { useWallet })).json() as { productOrder: { id: number } };
  const ids = await rows<{ id: number }>(
    sql`select id from vouchers where order_id = ${paid.productOrder.id} order by id`,
  );
  for (const { id } of ids)
    tasks.push({
      kind: "refund",
      customer,
      voucherId: id,
      destination: id % 4 === 0 ? "wallet" : "original",
    });
}

const [giftCard] = await t.db
  .select({ dealId: dealProducts.dealId, productId: dealProducts.id })
  .from(dealProducts)
  .innerJoin(deals, eq(deals.id, dealProducts.dealId))
  .where(
    and(eq(deals.brandId, "main-uk"), eq(deals.giftCard, true), eq(dealProducts.priceMinor, GIFT_CARD_MINOR)),
  )
  .orderBy(asc(dealProducts.id));
if (!giftCard) throw new Error(`No ${GIFT_CARD_MINOR} gift card in the test catalogue`);
await t.db
  .update(dealProducts)
  .set({ purchaseCap: 10, totalStock: null, maxPerCustomer: null, dailyCap: null, weeklyCap: null })
  .where(eq(dealProducts.id, giftCard.productId));
const buyer = await t.createCustomer();
for (let bought = 0; bought < REDEMPTIONS; ) {
  const quantity = Math.min(10, REDEMPTIONS - bought);
  const token = await t.newBasket(
    [{ ...giftCard, priceMinor: GIFT_CARD_MINOR, adminFeeMinor: 0, totalBought: 0 }],
    buyer,
    quantity,
  );
  const paid = (await t.payByCard(token, buyer)).json() as { vouchers: { code: string }[] };
  for (const { code } of paid.vouchers) {
    const n = tasks.length;
    const first = shoppers[n % SHOPPERS]!;
    const second = shoppers[(n + 1 + (n % 5)) % SHOPPERS]!;
    tasks.push({ kind: "redeem", code, redeemers: n % 5 === 0 ? [first, second] : [first] });
  }
  bought += paid.vouchers.length;
}
// Refunds and redemptions mixed through the run.
for (let i = tasks.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [tasks[i], tasks[j]] = [tasks[j]!, tasks[i]!];
}
const setupSeconds = (performance.now() - settingUp) / 1000;

interface Answer {
  task: Task;
  customer: TestCustomer;
  status: number;
  body: Record<string, unknown>;
  attempts: number;
  /** Answers of 503 (a gateway fault, or the server busy) before the last answer. */
  tryAgain: number;
}
const answers: Answer[] = [];
let finished = 0;

async function perform(task: Task): Promise<void> {
  if (task.kind === "refund") {
    const key = `refund-${task.voucherId}-${randomBytes(4).toString("hex")}`;
    const answer = await run.answered(
      `/v1/voucher/${task.voucherId}/refund`,
      task.customer,
      { reason: "I could not get a booking", destination: task.destination, confirmed: true },
      { "idempotency-key": key },
    );
    answers.push({
      task,
      customer: task.customer,
      status: answer.response.status,
      body: answer.json,
      attempts: answer.attempts,
      tryAgain: answer.tryAgain,
    });
  } else {
    await Promise.all(
      task.redeemers.map(async (customer) => {
        const answer = await run.answered("/v1/gift-card/redeem", customer, { code: task.code });
        const { attempts, tryAgain } = answer;
        answers.push({
          task,
          customer,
          status: answer.response.status,
          body: answer.json,
          attempts,
          tryAgain,
        });
      }),
    );
  }
  finished += 1;
}

let next = 0;
async function worker(): Promise<void> {
  while (next < tasks.length) await perform(tasks[next++]!);
}

await run.startApi();
const started = performance.now();
const killer = run.killDuring(() => finished, tasks.length, MIN_KILLS);
await Promise.all(shoppers.map(worker));
const kills = await killer.stop();
const seconds = (performance.now() - started) / 1000;
run.killApi();

const [refunds] = await rows<{
  recorded: number;
  pending: number;
  toCard: number;
  providerRefunds: number;
  providerWithoutOneRecorded: number;
  recordedWithoutProvider: number;
  voucherNotRefunded: number;
  ordersOverRefunded: number;
  paymentsOverRefunded: number;
  backMinor: number;
}>(sql`
  select
    (select count(*) from voucher_refunds)::int as recorded,
    (select count(*) from voucher_refunds where status = 'pending')::int as pending,
    (select count(*) from voucher_refunds where original_minor > 0)::int as "toCard",
    (select count(*) from sandbox_refunds)::int as "providerRefunds",
    (select count(*) from sandbox_refunds s where (select count(*) from voucher_refunds r
      where 'refund-' || r.id = s.reference and r.provider_refund_id = s.id and r.status = 'completed'
        and r.original_minor = s.amount_minor) <> 1)::int as "providerWithoutOneRecorded",
    (select count(*) from voucher_refunds r where r.original_minor > 0 and (select count(*) from sandbox_refunds s
      where s.reference = 'refund-' || r.id) <> 1)::int as "recordedWithoutProvider",
    (select count(*) from voucher_refunds r join vouchers v on v.id = r.voucher_id
      where r.status = 'completed' and v.status <> 'Refunded')::int as "voucherNotRefunded",
    (select count(*) from orders o where (select coalesce(sum(r.wallet_minor + r.original_minor), 0)
      from voucher_refunds r where r.order_id = o.id) > o.total_minor + o.wallet_marketing_minor + o.wallet_refundable_minor)::int
      as "ordersOverRefunded",
    (select count(*) from sandbox_transactions t where (select coalesce(sum(s.amount_minor), 0)
      from sandbox_refunds s where s.transaction_id = t.id) > t.amount_minor)::int as "paymentsOverRefunded",
    (select coalesce(sum(wallet_minor + original_minor), 0) from voucher_refunds)::int as "backMinor"`);
const [wallets] = await rows<{
  balances: number;
  notTheirEntries: number;
  refundCreditNotRefunds: number;
}>(sql`
  select
    (select count(*) from wallet_balances)::int as balances,
    (select count(*) from wallet_balances b where b.refundable_minor <> (select coalesce(sum(e.amount_minor), 0)
      from wallet_entries e where e.customer_id = b.customer_id and e.currency = b.currency and e.kind = 'refundable')
      or b.marketing_minor <> (select coalesce(sum(e.amount_minor), 0) from wallet_entries e
      where e.customer_id = b.customer_id and e.currency = b.currency and e.kind = 'marketing'))::int as "notTheirEntries",
    (select count(*) from users u where u.id in (${sql.join(
      shoppers.map((s) => sql`${s.id}`),
      sql`, `,
    )}) and (select coalesce(sum(e.amount_minor), 0) from wallet_entries e
      where e.customer_id = u.id and e.source = 'refund' and e.description like 'Refund: %')
      <> (select coalesce(sum(r.wallet_minor), 0) from voucher_refunds r where r.customer_id = u.id))::int
      as "refundCreditNotRefunds"`);
const codes = tasks.flatMap((task) => (task.kind === "redeem" ? [task.code] : []));
const redemptions = await rows<{
  code: string;
  customerId: number;
  amountMinor: number;
  credits: number;
  creditedTo: number;
}>(sql`
  select v.code, g.customer_id as "customerId", g.amount_minor as "amountMinor",
    (select count(*) from wallet_entries e where e.source = 'gift-card' and e.description = 'Gift card ' || v.code)::int as credits,
    (select count(*) from wallet_entries e where e.source = 'gift-card' and e.description = 'Gift card ' || v.code
      and e.customer_id = g.customer_id and e.amount_minor = g.amount_minor)::int as "creditedTo"
  from gift_card_redemptions g join vouchers v on v.id = g.voucher_id`);
const redeemedBy = new Map(redemptions.map((r) => [r.code, r]));
const giftCards = {
  codes: codes.length,
  redeemed: codes.filter((code) => redeemedBy.has(code)).length,
  notRedeemed: codes.filter((code) => !redeemedBy.has(code)).length,
  creditedOtherThanOnce: redemptions.filter((r) => r.credits !== 1 || r.creditedTo !== 1).length,
  wrongValue: redemptions.filter((r) => r.amountMinor !== GIFT_CARD_MINOR).length,
};

const byStatus: Record<string, number> = {};
for (const a of answers) {
  const label = `${a.task.kind} ${a.status}`;
  byStatus[label] = (byStatus[label] ?? 0) + 1;
}
const disagreeing = answers.filter((a) => {
  if (a.task.kind === "refund") {
    const voucher = a.body.voucher as { status?: string } | undefined;
    return !(a.status === 200 || a.status === 201) || voucher?.status !== "Refunded";
  }
  const winner = redeemedBy.get(a.task.code)?.customerId;
  // The redeemer is answered with the card's value (again, if a retry found it redeemed);
  // anyone else is refused.
  return a.customer.id === winner
    ? a.status !== 200 || a.body.amount !== GIFT_CARD_MINOR
    : a.status !== 409 || (a.body.error as { code?: string })?.code !== "GIFT_CARD_ALREADY_REDEEMED";
});

const report = {
  refunds: tasks.length - codes.length,
  redemptions: codes.length,
  kills,
  setupSeconds: Math.round(setupSeconds),
  seconds: Math.round(seconds),
  answers: byStatus,
  gatewayFaults: GATEWAY_FAULTS,
  retriedCalls: answers.filter((a) => a.attempts > 1).length,
  callsAnswered503: answers.reduce((sum, a) => sum + a.tryAgain, 0),
  refundRows: refunds,
  wallets,
  giftCards,
  answersDisagreeing: disagreeing.length,
};
console.log(JSON.stringify(report, null, 2));
for (const a of disagreeing.slice(0, 5))
  console.error(`disagreeing: ${a.task.kind} ${a.status} ${JSON.stringify(a.body)}`);
const r = refunds!;
const ok =
  kills >= MIN_KILLS &&
  r.recorded === REFUNDS &&
  r.pending === 0 &&
  r.providerRefunds === r.toCard &&
  r.providerWithoutOneRecorded === 0 &&
  r.recordedWithoutProvider === 0 &&
  r.voucherNotRefunded === 0 &&
  r.ordersOverRefunded === 0 &&
  r.paymentsOverRefunded === 0 &&
  wallets!.notTheirEntries === 0 &&
  wallets!.refundCreditNotRefunds === 0 &&
  giftCards.notRedeemed === 0 &&
  giftCards.redeemed === REDEMPTIONS &&
  giftCards.creditedOtherThanOnce === 0 &&
  giftCards.wrongValue === 0 &&
  disagreeing.length === 0;
console.log(ok ? "PASS" : "FAIL");
await run.close();
process.exit(ok ? 0 : 1);
