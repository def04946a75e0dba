/** Small inline icons of the header; decorative, so hidden from assistive technology. */

export function ChevronIcon() {
  return (
    <svg className="icon icon--chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function GiftIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path
        d="M2 7h12v2H2zM3 9h10v6H3zM7 7h2v8H7zM8 7C6 3 3 4 4.5 6.5M8 7c2-4 5-3 3.5-0.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  );
}

export function VipIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M2 5l3 3 3-5 3 5 3-3-1.5 8h-9z" fill="currentColor" />
    </svg>
  );
}

export function PinIcon() {
  return (
    <svg className="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path
        d="M8 15s5-5 5-8.5a5 5 0 0 0-10 0C3 10 8 15 8 15zm0-6.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
        fill="currentColor"
        fillRule="evenodd"
      />
    </svg>
  );
}

export function ArrowIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg className="icon" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
      <path
        d={direction === "left" ? "M8 2L4 6l4 4" : "M4 2l4 4-4 4"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}
