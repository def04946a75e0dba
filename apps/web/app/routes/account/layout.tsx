/**
 * The Account layout of /myaccount pages: signed-in customers only (a visitor is sent to
 * login, the page saved to come back to), with the account menu beside the page.
 */
import { activationReminder } from "@deals/domain/activation";
import { BRANDS } from "@deals/domain/brand";
import { Form, NavLink, Outlet } from "react-router";
import { accountMenu } from "../../lib/account-menu.ts";
import { accountsClient, requireProfile } from "../../lib/auth.server.ts";
import { requestBrand } from "../../lib/brand.server.ts";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const brand = requestBrand(request);
  const profile = await requireProfile(accountsClient(context, brand, request), request);
  return {
    brandId: brand.id,
    firstName: profile.firstName,
    vipUser: profile.vipUser,
    activationReminder: profile.activated ? null : activationReminder(profile.email),
    email: profile.email,
  };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const menu = accountMenu(BRANDS[loaderData.brandId], loaderData.vipUser);
  return (
    <div className="account">
      <nav className="account__menu" aria-label="My account">
        <p className="account__hello">Hello {loaderData.firstName}</p>
        <ul>
          {menu.map((item) => (
            <li key={item.href}>
              <NavLink to={item.href}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__page">
        {loaderData.activationReminder && (
          <div className="form-status account__reminder" role="status">
            <p>{loaderData.activationReminder}</p>
            <Form method="post" action="/activate">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={loaderData.email} />
              <button type="submit" className="button button--secondary">
                Send the link again
              </button>
            </Form>
          </div>
        )}
        <Outlet />
      </div>
    </div>
  );
}
