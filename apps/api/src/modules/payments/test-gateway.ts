/**
 * Tests' card gateway with one step replaced, to stop a checkout or a refund where a crash
 * would (process died before or after the provider acted): the other steps are the sandbox's.
 */
import type { PaymentProviderPort, PaymentProviders } from "./port.ts";

export class Crash extends Error {}

export function braintreeWith(
  sandbox: PaymentProviders,
  step: Partial<PaymentProviderPort>,
): PaymentProviders {
  const real = sandbox.BRAINTREE;
  const gateway: PaymentProviderPort = {
    name: real.name,
    authorise: (request) => real.authorise(request),
    capture: (id) => real.capture(id),
    void: (id) => real.void(id),
    refund: (id) => real.refund(id),
    refundAmount: (request) => real.refundAmount(request),
    findByReference: (reference) => real.findByReference(reference),
    listTransactions: (statuses, before) => real.listTransactions(statuses, before),
    ...step,
  };
  return { ...sandbox, BRAINTREE: gateway };
}
