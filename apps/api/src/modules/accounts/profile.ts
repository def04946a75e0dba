/** The profile view of a user row (product.md §3 "User"). */

import { isVipMembershipActive, vipStatusLabel } from "@deals/domain/subscription";
import type { PassengerTitle } from "@deals/domain/validation";
import type { UserRow } from "./queries.ts";
import type { Profile } from "./schemas.ts";

export function toProfile(user: UserRow, subscribed: boolean, now: Date): Profile {
  const vipUser = isVipMembershipActive(
    { vipUser: user.vipUser, membershipExpiresAt: user.vipMembershipExpiresAt ?? undefined },
    now,
  );
  const address = user.address
    ? {
        addressLine1: user.address.addressLine1,
        ...(user.address.addressLine2 ? { addressLine2: user.address.addressLine2 } : {}),
        town: user.address.town,
        postCode: user.address.postCode,
        ...(user.address.latLon ? { latLon: user.address.latLon } : {}),
      }
    : null;
  return {
    id: user.id,
    email: user.email,
    title: (user.title as PassengerTitle | null) ?? null,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    address,
    customerToken: user.customerToken,
    vipUser,
    vipMembershipCookie: vipStatusLabel(vipUser),
    hasAddress: address !== null,
    hasPassword: user.passwordHash !== null,
    tpl: user.googleSubject !== null,
    activated: user.status === "active",
    isSubscribed: subscribed,
    emailPreferences: user.emailPreferences,
  };
}
