/**
 * The payment providers as the app uses them, counting money captured and refunded at each.
 * A retry of a reference is answered by the provider with its first result and counted again:
 * the counters count provider answers, the orders table the payments.
 */
import type { PaymentProviderPort, PaymentProviders } from "../payments/port.ts";
import type { Metrics } from "./metrics.ts";

function metered(provider: PaymentProviderPort, metrics: Metrics): PaymentProviderPort {
  const labels = { provider: provider.name };
  const openSession = provider.openSession?.bind(provider);
  return {
    name: provider.name,
    async authorise(request) {
      const result = await provider.authorise(request);
      if (result.status === "authorised" && result.captured) metrics.paymentsCaptured.inc(labels);
      return result;
    },
    async capture(transactionId) {
      const result = await provider.capture(transactionId);
      if (result.ok) metrics.paymentsCaptured.inc(labels);
      return result;
    },
    void: (transactionId) => provider.void(transactionId),
    async refund(transactionId) {
      await provider.refund(transactionId);
      metrics.paymentsRefunded.inc(labels);
    },
    async refundAmount(request) {
      const result = await provider.refundAmount(request);
      metrics.paymentsRefunded.inc(labels);
      return result;
    },
    findByReference: (reference) => provider.findByReference(reference),
    listTransactions: (statuses, before) => provider.listTransactions(statuses, before),
    ...(openSession ? { openSession } : {}),
  };
}

export function meteredProviders(providers: PaymentProviders, metrics: Metrics): PaymentProviders {
  return {
    BRAINTREE: metered(providers.BRAINTREE, metrics),
    CLEARPAY: metered(providers.CLEARPAY, metrics),
    KLARNA: metered(providers.KLARNA, metrics),
  };
}
