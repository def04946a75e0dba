/**
 * What an on-call engineer watches (docs/reliability.md "Seeing the running system"), in the
 * Prometheus text format: requests, latency and errors per route, orders placed and refused,
 * payments captured and refunded, reconciliation runs and what they settled, the admission
 * queue and the database pool. One registry per app, so tests and several apps in one process
 * never share counts.
 */
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { AnswerTally } from "./answer-tally.ts";

/** Seconds: from a cached answer (a millisecond) to a payment waiting on its gateway. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
}

export class Metrics {
  readonly registry = new Registry();

  /** Every answer: http_requests_total, http_request_duration_seconds, http_request_errors_total. */
  readonly answers = new AnswerTally(LATENCY_BUCKETS);

  readonly ordersPlaced = new Counter({
    name: "orders_placed_total",
    help: "Orders placed and paid, by brand",
    labelNames: ["brand"] as const,
    registers: [this.registry],
  });

  readonly ordersRefused = new Counter({
    name: "orders_refused_total",
    help: "Pay calls refused, by brand and answer status (402: the payment was declined)",
    labelNames: ["brand", "status"] as const,
    registers: [this.registry],
  });

  readonly paymentsCaptured = new Counter({
    name: "payments_captured_total",
    help: "Provider calls that answered with the money captured, by provider",
    labelNames: ["provider"] as const,
    registers: [this.registry],
  });

  readonly paymentsRefunded = new Counter({
    name: "payments_refunded_total",
    help: "Refunds made at a provider (whole payments and vouchers), by provider",
    labelNames: ["provider"] as const,
    registers: [this.registry],
  });

  readonly reconciliationRuns = new Counter({
    name: "reconciliation_runs_total",
    help: "Payment reconciliation runs",
    registers: [this.registry],
  });

  readonly reconciliationSettled = new Counter({
    name: "reconciliation_settled_total",
    help: "What reconciliation settled, by outcome: pending orders (completed, failed, voided, refunded) and pending card refunds (refundCompleted, refundUnsettled)",
    labelNames: ["outcome"] as const,
    registers: [this.registry],
  });

  constructor(sources: { admission: () => { active: number; waiting: number }; pool: () => PoolUse | null }) {
    collectDefaultMetrics({ register: this.registry });
    this.answers.register(this.registry);
    new Gauge({
      name: "admission_queue_length",
      help: "API requests waiting for their turn (admission.ts)",
      registers: [this.registry],
      collect() {
        this.set(sources.admission().waiting);
      },
    });
    new Gauge({
      name: "admission_active_requests",
      help: "API requests being served",
      registers: [this.registry],
      collect() {
        this.set(sources.admission().active);
      },
    });
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting clients); absent on PGlite",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const use = sources.pool();
        if (!use) return;
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }

  reconciled(report: Record<string, number>): void {
    this.reconciliationRuns.inc();
    for (const [outcome, count] of Object.entries(report)) this.reconciliationSettled.inc({ outcome }, count);
  }
}
