/** What a route module's `handle` may say about its pages. */
export interface PageHandle {
  /** false: the page is sent as plain HTML, without React Router's browser bundle. */
  hydrate?: boolean;
}

/** Whether a page hydrates, from the handles of its matched routes: unless one says it does not. */
export function pageHydrates(handles: readonly unknown[]): boolean {
  return handles.every((handle) => (handle as PageHandle | undefined)?.hydrate !== false);
}
