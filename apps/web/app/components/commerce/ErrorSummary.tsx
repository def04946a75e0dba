import { useEffect, useRef } from "react";

export interface ErrorSummaryItem {
  /** The id of the field at fault; the item links to it. Absent for a form-wide problem. */
  field?: string;
  message: string;
}

/**
 * What stops the form, listed at its top with links to the fields; focus moves here when it
 * appears (or changes), so keyboard and screen-reader users start from the problem.
 */
export function ErrorSummary({
  items,
  title = "There is a problem",
}: {
  items: ErrorSummaryItem[];
  title?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const key = items.map((item) => `${item.field}:${item.message}`).join("|");
  useEffect(() => {
    if (key) box.current?.focus();
  }, [key]);
  if (items.length === 0) return null;
  return (
    <div className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} ref={box}>
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={`${item.field}:${item.message}`}>
            {item.field ? <a href={`#${item.field}`}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
