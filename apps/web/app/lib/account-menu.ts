/**
 * The account menu (product.md §2 "Screens": it varies by brand and region; the Irish
 * variant has refer a friend; VIP rewards shows only to VIP users). Only pages that exist are
 * linked: VIP rewards and refer a friend join the menu with their pages.
 */
import type { Brand } from "@deals/domain/brand";

export interface AccountMenuItem {
  label: string;
  href: string;
}

export function accountMenu(_brand: Brand, _vipUser: boolean): AccountMenuItem[] {
  return [
    { label: "My vouchers", href: "/myaccount/vouchers" },
    { label: "Personal info", href: "/myaccount/profile" },
    { label: "Change password", href: "/myaccount/password" },
    { label: "Email preferences", href: "/myaccount/subscriptions" },
    { label: "Wallet", href: "/myaccount/wallet" },
    { label: "Club rewards", href: "/myaccount/rewards" },
    { label: "Delete account", href: "/myaccount/delete" },
  ];
}
