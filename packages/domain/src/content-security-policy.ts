/**
 * The storefront's Content-Security-Policy, shared by the API (which sets it on every page
 * response) and the page renderer (which adds the nonce of the document's inline scripts).
 * Scripts run only from the site itself or with the response's nonce: never inline without
 * it. Inline style attributes are allowed (the brand theme sets CSS variables on <body>).
 */
export function documentContentSecurityPolicy(nonce?: string): string {
  const scripts = nonce ? `'self' 'nonce-${nonce}'` : "'self'";
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
