import { useLocation, useNavigation } from "react-router";

/**
 * A thin bar while the next page loads (product.md §2 "App shell"): only when the path
 * changes, not when a link changes the query alone (a page of the same listing).
 */
export function RouteProgress() {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  if (navigation.state === "idle" || !next || next.pathname === location.pathname) return null;
  return <div className="route-progress" role="progressbar" aria-label="Loading page" />;
}
