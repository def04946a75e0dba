/**
 * Faults the sandbox gateway acts out when told to (docs/reliability.md "The payment provider
 * fails"), so tests and the fault scripts show that a checkout or a refund loses nothing when
 * the gateway does not answer: the shopper is told to try again, and their retry or
 * reconciliation settles what the gateway did. Never in production: there the fault cards pay
 * as any card and SANDBOX_PAYMENT_FAULTS is ignored.
 *  - unreachable: the call fails before the gateway does anything (a refused connection);
 *  - timeout: the gateway takes the money (or makes the refund), and its answer does not come
 *    within our timeout;
 *  - fail-after-capture: the gateway takes the money (or makes the refund), then answers with
 *    an error.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { cardDigits } from "@deals/domain/payment";
import { type AuthoriseRequest, ProviderUnavailableError, type RefundRequest } from "./port.ts";

export const SANDBOX_FAULTS = ["unreachable", "timeout", "fail-after-capture"] as const;
export type SandboxFault = (typeof SANDBOX_FAULTS)[number];

/** Test cards that always meet their fault (outside production). */
export const SANDBOX_FAULT_CARDS = {
  timeout: "4000000000000259",
  failAfterCapture: "4000000000000267",
} as const;

/** How long our gateway client waits for an answer: services.md §9's default HTTP timeout. */
export const GATEWAY_TIMEOUT_MS = 2_500;

export interface SandboxFaultPlan {
  /** The fault this authorisation or refund meets, if any. */
  faultFor(request: AuthoriseRequest | RefundRequest): SandboxFault | undefined;
  /** Acts the fault out: waits as a timeout does, then throws what the gateway client would. */
  act(fault: SandboxFault, provider: string): Promise<never>;
}

/**
 * The plan from the environment: SANDBOX_PAYMENT_FAULTS gives each fault a share of new
 * payments and refunds ("unreachable=0.05,timeout=0.02,fail-after-capture=0.05"), SANDBOX_PAYMENT_TIMEOUT_MS
 * how long a timeout takes.
 */
export function sandboxFaultPlan(env: NodeJS.ProcessEnv = process.env): SandboxFaultPlan | null {
  if (env.NODE_ENV === "production") return null;
  const shares = new Map<SandboxFault, number>();
  for (const part of (env.SANDBOX_PAYMENT_FAULTS ?? "").split(",")) {
    const [name, share] = part.split("=").map((s) => s.trim());
    if ((SANDBOX_FAULTS as readonly string[]).includes(name ?? "") && Number(share) > 0)
      shares.set(name as SandboxFault, Number(share));
  }
  const timeoutMs = Number(env.SANDBOX_PAYMENT_TIMEOUT_MS) || GATEWAY_TIMEOUT_MS;
  return {
    faultFor(request) {
      if ("source" in request && request.source.kind === "card") {
        const digits = cardDigits(request.source.number);
        if (digits === SANDBOX_FAULT_CARDS.timeout) return "timeout";
        if (digits === SANDBOX_FAULT_CARDS.failAfterCapture) return "fail-after-capture";
      }
      let roll = Math.random();
      for (const [fault, share] of shares) {
        if (roll < share) return fault;
        roll -= share;
      }
      return undefined;
    },
    async act(fault, provider) {
      if (fault === "timeout") await sleep(timeoutMs);
      throw new ProviderUnavailableError(
        fault === "unreachable"
          ? `${provider} could not be reached`
          : fault === "timeout"
            ? `${provider} did not answer within ${timeoutMs} ms`
            : `${provider} answered with an error after moving the money`,
      );
    },
  };
}
