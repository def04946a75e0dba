/**
 * The live hold's countdown at checkout: how long the shopper's dates stay held, ticking once
 * the page is hydrated (without JavaScript it says until when). When it reaches zero the
 * checkout timer popup (350 px, services.md §9) says so and reloads the checkout with
 * timerElapsed, which takes the ended stay out of the basket.
 */
import { CHECKOUT_TIMER_POPUP_WIDTH_PX } from "@deals/domain/constants";
import { useEffect, useRef, useState } from "react";
import { formatCountdown } from "../../lib/deal-page-script.ts";

const CLOCK = new Intl.DateTimeFormat("en-GB", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/London",
});

export function HoldTimer({ closesAt, hydrated }: { closesAt: string; hydrated: boolean }) {
  const ends = Date.parse(closesAt);
  const [left, setLeft] = useState<number | null>(null);
  const reload = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (!hydrated) return;
    const tick = () => setLeft(Math.max(0, ends - Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [ends, hydrated]);
  const elapsed = left === 0;
  useEffect(() => {
    if (elapsed) reload.current?.focus();
  }, [elapsed]);

  return (
    <>
      <p className="hold-timer" data-hold-ends={closesAt}>
        {left === null ? (
          <>Your dates are held for you until {CLOCK.format(new Date(ends))}.</>
        ) : (
          <>
            Your dates are held for you for <time>{formatCountdown(left)}</time>.
          </>
        )}
      </p>
      {elapsed && (
        <div
          className="checkout-timer-popup"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="timer-title"
          aria-describedby="timer-text"
          style={{ width: CHECKOUT_TIMER_POPUP_WIDTH_PX }}
        >
          <h2 id="timer-title">Your time is up</h2>
          <p id="timer-text">The hold on your dates has ended, so they will be taken out of your basket.</p>
          <a ref={reload} className="button button--primary" href="?timerElapsed=true">
            Reload checkout
          </a>
        </div>
      )}
    </>
  );
}
