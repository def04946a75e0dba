import { ELLIPSIS_HTML } from "../lib/html-text.ts";
import type { Pagination } from "../lib/pagination.server.ts";
import { Link } from "./Link.tsx";

export function PaginationNav({ pagination }: { pagination: Pagination }) {
  const { current, pageCount, previous, next, pages } = pagination;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {previous && (
          <li>
            <Link to={previous} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
        {pages.map((page, i) => (
          <li key={page.number}>
            {i > 0 && page.number - (pages[i - 1]?.number ?? 0) > 1 && (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed reference, so the page stays one byte a character (html-text.ts)
              <span aria-hidden="true" dangerouslySetInnerHTML={ELLIPSIS_HTML} />
            )}
            <Link to={page.href} aria-current={page.number === current ? "page" : undefined}>
              <span className="visually-hidden">Page </span>
              {page.number}
            </Link>
          </li>
        ))}
        {next && (
          <li>
            <Link to={next} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
