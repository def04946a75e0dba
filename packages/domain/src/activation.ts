/**
 * What activating an account (opening the emailed link) changes, said once for the API and
 * the storefront. product.md §6: a visitor must log in or register to buy, and "a guest buyer
 * can activate the account later by email". So a new account signs in and pays at once;
 * activation confirms the email address. Until then the account cannot keep a card or PayPal
 * account for next time: a stored payment method waits until the address is proven to be the
 * shopper's, so a mistyped address never ends up holding one.
 */

export interface ActivationState {
  /** The emailed link has been opened (or Google vouched for the address). */
  activated: boolean;
}

/** Whether a payment may be kept for one-click payment later (the one thing activation unlocks). */
export function maySavePaymentMethod(account: ActivationState): boolean {
  return account.activated;
}

/** The account's reminder until the address is confirmed. */
export function activationReminder(email: string): string {
  return `Please confirm your email address: open the link we sent to ${email}. You can buy straight away; saving a card for next time waits until your address is confirmed.`;
}
