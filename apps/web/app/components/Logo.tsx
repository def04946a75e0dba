import type { Brand } from "@deals/domain/brand";

/**
 * The brand's wordmark: our own artwork, drawn inline so it takes the header's text colour
 * and costs no request. A tag for the main brand, a leaf for the sister brand.
 */
export function Logo({ brand }: { brand: Brand }) {
  // The name is stretched to a fixed width so the wordmark fits whatever font draws it.
  const textWidth = brand.name.length * 16;
  const width = 44 + textWidth;
  return (
    <svg
      className="logo"
      viewBox={`0 0 ${width} 40`}
      width={width}
      height="40"
      role="img"
      aria-label={brand.name}
    >
      {brand.key === "dealmoor" ? (
        <path d="M4 8h18l12 12-12 12H4z M12 20a3 3 0 1 0 0.01 0z" fill="currentColor" fillRule="evenodd" />
      ) : (
        <path
          d="M6 34C6 16 16 6 34 6c0 18-10 28-28 28z M8 32L26 14"
          fill="currentColor"
          stroke="currentColor"
        />
      )}
      <text
        x="42"
        y="28"
        fill="currentColor"
        fontSize="24"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {brand.name}
      </text>
    </svg>
  );
}

/** The site icon (browser tab, home screen): the brand's initial on its colour, served at /icon.svg. */
export function iconSvg(brand: Brand): string {
  const { primary, surface } = brand.colours;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${primary}"/><text x="16" y="23" font-size="20" font-weight="700" font-family="sans-serif" text-anchor="middle" fill="${surface}">${brand.name[0]}</text></svg>`;
}
