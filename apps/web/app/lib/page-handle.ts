/** What a route module's `handle` may say about its pages. */
export interface PageHandle {
  /** false: the page is sent as plain HTML, without React Router's browser bundle. */
  hydrate?: boolean;
}
