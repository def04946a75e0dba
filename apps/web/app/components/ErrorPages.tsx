import { Link } from "./Link.tsx";

/** The 404 page (product.md §2 "Screens": it shows the status code). */
export function NotFound() {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">Error 404</p>
      <h1 id="error-title">Page not found</h1>
      <p>Sorry, we could not find that page. The address may be mistyped, or the deal may have ended.</p>
      <p>
        <Link to="/">See today's deals</Link>
      </p>
    </section>
  );
}

/** Any other failure: a friendly message and the status, never the error's details. */
export function ErrorPage({ status }: { status: number }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">Error {status}</p>
      <h1 id="error-title">Something went wrong</h1>
      <p>An error occurred. Please try again later.</p>
      <p>
        <Link to="/">Back to the homepage</Link>
      </p>
    </section>
  );
}
