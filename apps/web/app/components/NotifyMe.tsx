import { NOTIFY_ME_ANCHOR, NOTIFY_ME_MESSAGES, type NotifyMeOutcome } from "@deals/domain/notify-me";

interface NotifyMeProps {
  dealId: number;
  /** The deal's own path: the form comes back here with how it went. */
  returnTo: string;
  outcome: NotifyMeOutcome | null;
}

/**
 * "Notify me" on a sold-out or out-of-stock deal (product.md §4 "Stock labels"): a plain
 * form, so it works without JavaScript; once sent, it says so instead.
 */
export function NotifyMe({ dealId, returnTo, outcome }: NotifyMeProps) {
  return (
    <section id={NOTIFY_ME_ANCHOR} className="notify-me" aria-labelledby="notify-me-title">
      <h2 id="notify-me-title">Notify me when it's back</h2>
      {outcome === "sent" ? (
        <p role="status">{NOTIFY_ME_MESSAGES.sent}</p>
      ) : (
        <form method="post" action="/notify-me" className="notify-me__form">
          <input type="hidden" name="dealId" value={dealId} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor="notify-me-email">Email address</label>
          <input
            id="notify-me-email"
            type="email"
            name="email"
            required
            autoComplete="email"
            {...(outcome === "invalid"
              ? { "aria-invalid": true, "aria-describedby": "notify-me-error" }
              : {})}
          />
          {outcome === "invalid" && (
            <p id="notify-me-error" className="field__error">
              {NOTIFY_ME_MESSAGES.invalid}
            </p>
          )}
          {outcome === "failed" && <p role="alert">{NOTIFY_ME_MESSAGES.failed}</p>}
          <button type="submit" className="button button--primary">
            Notify me
          </button>
        </form>
      )}
    </section>
  );
}
