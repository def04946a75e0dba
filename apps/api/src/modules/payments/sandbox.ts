/**
 * Sandbox payment providers: each behaves like its real gateway's test mode. Cards must pass
 * the card rules (Visa and MasterCard only, Luhn, expiry, security code) before they get here;
 * the sandbox then succeeds or declines by test number, as a gateway's test mode does.
 * PayPal, Google Pay and Apple Pay decline on the test values below; Klarna and Clearpay pay
 * a session opened earlier for exactly the order's amount.
 *
 * The sandbox keeps its own ledger (sandbox_transactions), written outside our order
 * transactions as a remote gateway's would be, so reconciliation can compare the two.
 */
import { randomBytes } from "node:crypto";
import { and, Bindings, boundRow, type Db, eq, inArray, lt, runShaped, sql } from "@deals/db";
import { sandboxRefunds } from "@deals/db/schema/after-purchase";
import { sandboxPaymentSessions, sandboxTransactions } from "@deals/db/schema/commerce";
import {
  CARD_BRAND_NAMES,
  cardDigits,
  detectCardBrand,
  type PaymentProvider,
  parseCardExpiry,
} from "@deals/domain/payment";
import type {
  AuthoriseRequest,
  AuthoriseResult,
  PaymentProviderPort,
  PaymentProviders,
  PaymentSource,
  ProviderTransaction,
  RefundRequest,
  TransactionStatus,
} from "./port.ts";
import { type SandboxFaultPlan, sandboxFaultPlan } from "./sandbox-faults.ts";

/** Test card numbers that decline, with the gateway's reason; other valid numbers succeed. */
export const SANDBOX_DECLINED_CARDS: Readonly<Record<string, string>> = {
  "4000000000000002": "Your card was declined.",
  "4000000000009995": "Your card has insufficient funds.",
  "5105105105105100": "Your card was declined.",
};

/**
 * A test card whose issuer checks the security code: it pays with this code and is declined
 * with any other, as a gateway's test mode does for its security-code check card.
 */
export const SANDBOX_SECURITY_CODE_CARD = {
  number: "4000000000000101",
  securityCode: "123",
  declined: "Your card's security code is incorrect.",
} as const;

/** Test cards that succeed (any other valid Visa or MasterCard number does too). */
export const SANDBOX_CARDS = { visa: "4111111111111111", mastercard: "5555555555554444" } as const;

/** PayPal accounts, device-wallet tokens and Klarna or Clearpay sessions that decline. */
export const SANDBOX_DECLINE_MARKER = "decline";

export const SANDBOX_MESSAGES = {
  paypalDeclined: "PayPal declined the payment.",
  walletDeclined: "Your wallet payment was declined.",
  unknownInstrument: "This stored payment method is not recognised.",
  sessionInvalid: "The payment session has expired or does not match this order.",
  captureFailed: "The payment could not be taken.",
} as const;

/** How long a Klarna session or Clearpay checkout stays usable (ours; real ones last hours). */
const SESSION_MINUTES = 60;

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

type Outcome =
  | { ok: true; cardType: string; vaulted?: Extract<AuthoriseResult, { status: "authorised" }>["vaulted"] }
  | { ok: false; message: string };

export class SandboxProvider implements PaymentProviderPort {
  readonly name: PaymentProvider;
  readonly #db: Db;
  readonly #clock: () => Date;
  readonly #faults: SandboxFaultPlan | null;

  constructor(name: PaymentProvider, db: Db, clock: () => Date, faults: SandboxFaultPlan | null = null) {
    this.name = name;
    this.#db = db;
    this.#clock = clock;
    this.#faults = faults;
  }

  async authorise(request: AuthoriseRequest): Promise<AuthoriseResult> {
    // A fault after the money is taken meets only the first call of a reference: a repeat gets
    // the first answer, as from a real gateway.
    const fault = this.#faults?.faultFor(request);
    if (fault === "unreachable") return this.#faults!.act(fault, this.name);
    const outcome = await this.#decide(request);
    const now = this.#clock();
    // A repeat of a reference (a retry, or a concurrent twin) gets the first answer back.
    const b = new Bindings();
    const values = boundRow(b, "", sandboxTransactions, {
      id: newId(this.name.toLowerCase()),
      provider: this.name,
      reference: request.reference,
      method: request.method,
      status: outcome.ok ? (request.capture ? "captured" : "authorised") : "declined",
      amountMinor: request.amountMinor,
      currency: request.currency,
      cardType: outcome.ok ? outcome.cardType : null,
      message: outcome.ok ? null : outcome.message,
      createdAt: now,
      updatedAt: now,
    });
    const [inserted] = await runShaped(this.#db, "sandbox_authorise", b, () =>
      this.#db.insert(sandboxTransactions).values(values).onConflictDoNothing().returning(),
    );
    if (!inserted) return resultOf((await this.findRow(request.reference))!);
    if (fault) return this.#faults!.act(fault, this.name);
    const result = resultOf(inserted);
    return result.status === "authorised" && outcome.ok && outcome.vaulted
      ? { ...result, vaulted: outcome.vaulted }
      : result;
  }

  async capture(transactionId: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const moved = await this.#move(transactionId, "authorised", "captured");
    if (moved) return { ok: true };
    const [row] = await this.#db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, transactionId));
    return row?.status === "captured" ? { ok: true } : { ok: false, message: SANDBOX_MESSAGES.captureFailed };
  }

  async void(transactionId: string): Promise<void> {
    await this.#move(transactionId, "authorised", "voided");
  }

  async refund(transactionId: string): Promise<void> {
    await this.#move(transactionId, "captured", "refunded");
  }

  async refundAmount(request: RefundRequest): Promise<{ refundId: string }> {
    // As for payments, a fault after the refund is made meets only the first call of a
    // reference: a repeat gets the first refund back.
    const fault = this.#faults?.faultFor(request);
    if (fault === "unreachable") return this.#faults!.act(fault, this.name);
    // Under the transaction's row lock, as a gateway serialises the refunds of one payment: a
    // repeat of a reference, even one sent while the first is still being made (a retry, or
    // reconciliation beside it), answers the first refund instead of meeting its amount.
    const { refundId, made } = await this.#db.transaction(async (tx) => {
      const [transaction] = await tx
        .select()
        .from(sandboxTransactions)
        .where(
          and(eq(sandboxTransactions.id, request.transactionId), eq(sandboxTransactions.provider, this.name)),
        )
        .for("update");
      const [repeat] = await tx
        .select({ id: sandboxRefunds.id })
        .from(sandboxRefunds)
        .where(and(eq(sandboxRefunds.provider, this.name), eq(sandboxRefunds.reference, request.reference)));
      if (repeat) return { refundId: repeat.id, made: false };
      const [done] = await tx
        .select({ refunded: sql<number>`coalesce(sum(${sandboxRefunds.amountMinor}), 0)::int` })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.transactionId, request.transactionId));
      // Only money taken can go back, and never more than was taken, as a gateway refuses.
      const refundable =
        transaction?.status === "captured" &&
        transaction.currency === request.currency &&
        Number(done?.refunded ?? 0) + request.amountMinor <= transaction.amountMinor;
      if (!refundable) throw new Error(`${this.name} refused the refund ${request.reference}`);
      const refundId = newId("refund");
      await tx.insert(sandboxRefunds).values({
        id: refundId,
        provider: this.name,
        transactionId: request.transactionId,
        reference: request.reference,
        amountMinor: request.amountMinor,
        currency: request.currency,
        createdAt: this.#clock(),
      });
      return { refundId, made: true };
    });
    if (fault && made) return this.#faults!.act(fault, this.name);
    return { refundId };
  }

  async findByReference(reference: string): Promise<ProviderTransaction | undefined> {
    const row = await this.findRow(reference);
    return row && toTransaction(row);
  }

  async listTransactions(
    statuses: readonly TransactionStatus[],
    before: Date,
  ): Promise<ProviderTransaction[]> {
    const rows = await this.#db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.provider, this.name),
          inArray(sandboxTransactions.status, [...statuses]),
          lt(sandboxTransactions.updatedAt, before),
        ),
      );
    return rows.map(toTransaction);
  }

  async openSession(input: { basketToken: string; amountMinor: number; currency: "GBP" | "EUR" }) {
    const now = this.#clock();
    const expiresAt = new Date(now.getTime() + SESSION_MINUTES * 60_000);
    const sessionId = newId(this.name === "KLARNA" ? "kn" : "cp");
    await this.#db.insert(sandboxPaymentSessions).values({
      id: sessionId,
      provider: this.name,
      basketToken: input.basketToken,
      amountMinor: input.amountMinor,
      currency: input.currency,
      createdAt: now,
      expiresAt,
    });
    return { sessionId, clientToken: `${sessionId}.client`, ...input, expiresAt };
  }

  private async findRow(reference: string) {
    const [row] = await this.#db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.provider, this.name), eq(sandboxTransactions.reference, reference)));
    return row;
  }

  async #move(transactionId: string, from: TransactionStatus, to: TransactionStatus): Promise<boolean> {
    const b = new Bindings();
    const set = boundRow(b, "", sandboxTransactions, { status: to, updatedAt: this.#clock() });
    const where = and(
      eq(sandboxTransactions.id, b.bind("id", transactionId)),
      eq(sandboxTransactions.provider, b.bind("provider", this.name)),
      eq(sandboxTransactions.status, b.bind("from", from)),
    );
    const moved = await runShaped(this.#db, "sandbox_move", b, () =>
      this.#db.update(sandboxTransactions).set(set).where(where).returning({ id: sandboxTransactions.id }),
    );
    return moved.length === 1;
  }

  async #decide(request: AuthoriseRequest): Promise<Outcome> {
    const source: PaymentSource = request.source;
    switch (source.kind) {
      case "card": {
        const digits = cardDigits(source.number) ?? "";
        const declined = SANDBOX_DECLINED_CARDS[digits];
        if (declined) return { ok: false, message: declined };
        if (
          digits === SANDBOX_SECURITY_CODE_CARD.number &&
          source.securityCode.trim() !== SANDBOX_SECURITY_CODE_CARD.securityCode
        ) {
          return { ok: false, message: SANDBOX_SECURITY_CODE_CARD.declined };
        }
        const expiry = parseCardExpiry(source.expiry);
        const cardType = CARD_BRAND_NAMES[detectCardBrand(digits)];
        return {
          ok: true,
          cardType,
          ...(source.vault
            ? {
                vaulted: {
                  token: newId("vault"),
                  last4: digits.slice(-4),
                  expiryMonth: expiry?.month ?? null,
                  expiryYear: expiry?.year ?? null,
                },
              }
            : {}),
        };
      }
      case "vaulted":
        return source.token.startsWith("vault_")
          ? { ok: true, cardType: "Stored card" }
          : { ok: false, message: SANDBOX_MESSAGES.unknownInstrument };
      case "paypal": {
        if (source.payerEmail.toLowerCase().includes(SANDBOX_DECLINE_MARKER)) {
          return { ok: false, message: SANDBOX_MESSAGES.paypalDeclined };
        }
        const cardType = source.credit ? "PayPal Credit" : "PayPal";
        return {
          ok: true,
          cardType,
          ...(source.vault
            ? { vaulted: { token: newId("vault"), last4: null, expiryMonth: null, expiryYear: null } }
            : {}),
        };
      }
      case "device-wallet":
        return source.token.toLowerCase().includes(SANDBOX_DECLINE_MARKER)
          ? { ok: false, message: SANDBOX_MESSAGES.walletDeclined }
          : { ok: true, cardType: request.method === "apple_pay" ? "Apple Pay" : "Google Pay" };
      case "session":
        return (await this.#sessionMatches(source.sessionId, source.basketToken, request))
          ? { ok: true, cardType: this.name === "KLARNA" ? "Klarna" : "Clearpay" }
          : { ok: false, message: SANDBOX_MESSAGES.sessionInvalid };
    }
  }

  async #sessionMatches(sessionId: string, basketToken: string, request: AuthoriseRequest): Promise<boolean> {
    const [session] = await this.#db
      .select()
      .from(sandboxPaymentSessions)
      .where(
        and(
          eq(sandboxPaymentSessions.id, sessionId),
          eq(sandboxPaymentSessions.provider, this.name),
          sql`${sandboxPaymentSessions.expiresAt} > ${this.#clock()}`,
        ),
      );
    return (
      session !== undefined &&
      session.basketToken === basketToken &&
      session.amountMinor === request.amountMinor &&
      session.currency === request.currency
    );
  }
}

type SandboxRow = typeof sandboxTransactions.$inferSelect;

function toTransaction(row: SandboxRow): ProviderTransaction {
  return {
    transactionId: row.id,
    reference: row.reference,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    cardType: row.cardType,
    updatedAt: row.updatedAt,
  };
}

function resultOf(row: SandboxRow): AuthoriseResult {
  if (row.status === "declined")
    return { status: "declined", message: row.message ?? SANDBOX_MESSAGES.captureFailed };
  return {
    status: "authorised",
    transactionId: row.id,
    cardType: row.cardType ?? "",
    captured: row.status === "captured",
  };
}

export function sandboxProviders(
  db: Db,
  clock: () => Date,
  /** null: a gateway that never fails. */
  faults: SandboxFaultPlan | null = sandboxFaultPlan(),
): PaymentProviders {
  return {
    BRAINTREE: new SandboxProvider("BRAINTREE", db, clock, faults),
    CLEARPAY: new SandboxProvider("CLEARPAY", db, clock, faults),
    KLARNA: new SandboxProvider("KLARNA", db, clock, faults),
  };
}
