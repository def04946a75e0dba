import type { Brand } from "@deals/domain/brand";
import type { AuthState } from "@deals/domain/login-redirect";
import { Link, NavLink } from "react-router";
import type { NavItem } from "../lib/api-types.ts";
import { HeaderAccount } from "./account/HeaderAccount.tsx";
import { Logo } from "./Logo.tsx";

interface SiteHeaderProps {
  brand: Brand;
  location: { shortName: string; name: string } | undefined;
  navigations: NavItem[];
  auth?: AuthState | undefined;
}

export function SiteHeader({ brand, location, navigations, auth }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link to="/" className="site-header__logo">
          <Logo brand={brand} />
        </Link>
        {location && (
          <Link to={`/deals/${location.shortName}`} className="site-header__location">
            <span className="visually-hidden">Deals in </span>
            {location.name}
          </Link>
        )}
        <HeaderAccount brand={brand} auth={auth} />
      </div>
      {navigations.length > 0 && (
        <nav className="site-nav" aria-label="Categories">
          <ul>
            {navigations.map((item) => (
              <li key={item.id}>
                {/* The local entry is the location homepage: highlight it only there. */}
                <NavLink to={item.url} end={item.isLocalLink}>
                  {item.linkText}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
