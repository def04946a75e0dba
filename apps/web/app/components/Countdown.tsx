import { formatCountdown } from "../lib/deal-page-script.ts";

interface CountdownProps {
  /** When the deal stops showing as open (the end of its closing day), ISO text. */
  closesAt: string;
  /** The server's time when the page was made. */
  now: string;
}

/** Time left to buy, as of the page's making; the page script ticks it on. */
export function Countdown({ closesAt, now }: CountdownProps) {
  return (
    <p className="countdown" data-closes-at={closesAt}>
      Closes in{" "}
      <time role="timer" dateTime={closesAt}>
        {formatCountdown(Date.parse(closesAt) - Date.parse(now))}
      </time>
    </p>
  );
}
