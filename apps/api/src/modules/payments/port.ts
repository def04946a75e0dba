/**
 * The PaymentProvider port (design.md "Payments go through a PaymentProvider port"): the
 * providers BRAINTREE (cards, PayPal and PayPal Credit, Google Pay, Apple Pay, stored
 * instruments), KLARNA and CLEARPAY (a session for the basket total, then payment). The
 * sandbox providers implement it; a real gateway's adapter plugs in behind the same calls.
 *
 * Every call that moves money is idempotent on the provider's side: authorise by our
 * `reference` (one per order), capture, void and refund by transaction id, so a retry after a
 * timeout or a crash never charges twice.
 */
import type { Currency } from "@deals/domain/brand";
import type { PaymentMethod, PaymentProvider as ProviderName } from "@deals/domain/payment";

export type PaymentSource =
  | { kind: "card"; number: string; expiry: string; securityCode: string; vault: boolean }
  /** A stored instrument (EXISTING): the gateway's vault token. */
  | { kind: "vaulted"; token: string }
  /** PayPal, or PayPal Credit when `credit` is set. */
  | { kind: "paypal"; payerEmail: string; credit: boolean; vault: boolean }
  /** Google Pay and Apple Pay: the token the device wallet produced. */
  | { kind: "device-wallet"; token: string }
  /** Klarna session or Clearpay checkout opened earlier for this basket. */
  | { kind: "session"; sessionId: string; basketToken: string };

export interface AuthoriseRequest {
  /** Ours, unique per order: the provider answers a repeat with the first result. */
  reference: string;
  amountMinor: number;
  currency: Currency;
  method: PaymentMethod;
  source: PaymentSource;
  /**
   * Capture with the authorisation, in the same call (a sale: Braintree's submit for
   * settlement). The checkout asks for it; a provider that cannot only authorises, and says so.
   */
  capture?: boolean;
}

export type AuthoriseResult =
  | {
      status: "authorised";
      transactionId: string;
      /** Captured already, in the same call (a sale); otherwise capture() takes the money. */
      captured: boolean;
      /** Card brand, PayPal, PayPal Credit, Klarna...: shown on the order confirmation. */
      cardType: string;
      /** For a source to keep: the vault token and what identifies it to the shopper. */
      vaulted?: {
        token: string;
        last4: string | null;
        expiryMonth: number | null;
        expiryYear: number | null;
      };
    }
  | { status: "declined"; message: string };

export interface RefundRequest {
  transactionId: string;
  reference: string;
  amountMinor: number;
  currency: Currency;
}

export type TransactionStatus = "authorised" | "declined" | "captured" | "voided" | "refunded";

export interface ProviderTransaction {
  transactionId: string;
  reference: string;
  status: TransactionStatus;
  amountMinor: number;
  currency: string;
  cardType: string | null;
  updatedAt: Date;
}

export interface PaymentSession {
  sessionId: string;
  /** What the shopper's browser hands to the provider's widget. */
  clientToken: string;
  amountMinor: number;
  currency: Currency;
  expiresAt: Date;
}

export interface PaymentProviderPort {
  readonly name: ProviderName;
  authorise(request: AuthoriseRequest): Promise<AuthoriseResult>;
  /** Takes the authorised money; a repeat of a done capture succeeds again. */
  capture(transactionId: string): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Releases an authorisation that will not be captured. */
  void(transactionId: string): Promise<void>;
  refund(transactionId: string): Promise<void>;
  /**
   * Gives back part (or all) of a captured transaction: a shopper's refund of one voucher.
   * Idempotent by our `reference` (one per refund): a repeat, even one sent while the first
   * is still being made, answers the first refund's id; asking again is how a retry or
   * reconciliation learns whether a refund cut short by a crash was made.
   * Refuses (throws) more than the transaction has left.
   */
  refundAmount(request: RefundRequest): Promise<{ refundId: string }>;
  findByReference(reference: string): Promise<ProviderTransaction | undefined>;
  /** Transactions last changed before `before` in these states: what reconciliation inspects. */
  listTransactions(statuses: readonly TransactionStatus[], before: Date): Promise<ProviderTransaction[]>;
  /** Klarna sessions and Clearpay checkouts (pay later); absent for BRAINTREE. */
  openSession?(input: {
    basketToken: string;
    amountMinor: number;
    currency: Currency;
  }): Promise<PaymentSession>;
}

export type PaymentProviders = Record<ProviderName, PaymentProviderPort>;

/**
 * The gateway did not answer in time, could not be reached or answered with an error: what it
 * did with the payment is unknown until it is asked about the reference (findByReference).
 * The shopper is asked to try again (503); their retry or reconciliation settles the order.
 */
export class ProviderUnavailableError extends Error {
  readonly code = "PROVIDER_UNAVAILABLE";
}
