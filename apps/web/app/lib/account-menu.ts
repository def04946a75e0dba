/**
 * The account menu (product.md §2 "Screens": it varies by brand and region; the Irish
 * variant has refer a friend; VIP rewards shows only to VIP users). `vipUser` is the profile's
 * VIP membership status (services.md §6 "VIP user: the vipUser flag on the profile"), true
 * only while the membership is active.
 */
import type { Brand } from "@deals/domain/brand";

export interface AccountMenuItem {
  label: string;
  href: string;
}

export function accountMenu(brand: Brand, vipUser: boolean): AccountMenuItem[] {
  return [
    { label: "My savings", href: "/insights" },
    { label: "My vouchers", href: "/myaccount/vouchers" },
    { label: "Personal info", href: "/myaccount/profile" },
    { label: "Change password", href: "/myaccount/password" },
    { label: "Email preferences", href: "/myaccount/subscriptions" },
    { label: "Wallet", href: "/myaccount/wallet" },
    { label: "Club rewards", href: "/myaccount/rewards" },
    ...(vipUser ? [{ label: "VIP rewards", href: "/myaccount/vip-rewards" }] : []),
    ...(brand.countryCode === "ie" ? [{ label: "Refer a friend", href: "/myaccount/refer-a-friend" }] : []),
    { label: "Delete account", href: "/myaccount/delete" },
  ];
}
