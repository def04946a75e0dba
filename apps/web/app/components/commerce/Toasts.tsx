/**
 * Short confirmations of a basket change ("Gift Pack Added", "Gift Wrap Added"), in the
 * top-right corner (services.md §9 "Toast default position"). The region is always on the
 * page, so a screen reader announces each new toast.
 */
export function Toasts({ toasts }: { toasts: readonly string[] }) {
  return (
    <div className="toasts" role="status">
      {toasts.map((toast) => (
        <p key={toast} className="toast">
          {toast}
        </p>
      ))}
    </div>
  );
}
