/**
 * The header's account entry: "Sign in" for visitors; for a signed-in customer, their first
 * name opening the account menu (a native disclosure: keyboard and screen-reader friendly,
 * and it works without JavaScript) with the sign-out button.
 */
import type { Brand } from "@deals/domain/brand";
import type { AuthState } from "@deals/domain/login-redirect";
import { Form } from "react-router";
import { accountMenu } from "../../lib/account-menu.ts";
import { Link } from "../Link.tsx";

export function HeaderAccount({ brand, auth }: { brand: Brand; auth: AuthState | undefined }) {
  if (!auth?.isAuthenticated || !auth.userprofile) {
    return (
      <Link to="/login" className="header-account__sign-in">
        Sign in
      </Link>
    );
  }
  const name = auth.username || "My account";
  return (
    <details className="header-account">
      <summary>
        <span className="visually-hidden">Account menu for </span>
        {name}
      </summary>
      <ul>
        {accountMenu(brand, auth.userprofile.vipUser).map((item) => (
          <li key={item.href}>
            <Link to={item.href}>{item.label}</Link>
          </li>
        ))}
        <li>
          <Form method="post" action="/logout">
            <button type="submit">Sign out</button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
