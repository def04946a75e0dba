/**
 * product.md §5 "Email consent text": pressing the sign-in or sign-up button means agreeing
 * to daily emails. The line names the button on the page; where a box asks for the emails,
 * the box decides, so the line never says otherwise.
 */
export function EmailConsent({
  button,
  brandName,
  optInBox,
}: {
  button: string;
  brandName: string;
  /** The label of the opt-in box beside the button, when there is one. */
  optInBox?: string;
}) {
  const agreeing = optInBox
    ? `By clicking ${button} with “${optInBox}” ticked, you agree to receive daily emails from ${brandName}.`
    : `By clicking ${button} you agree to receive daily emails from ${brandName}.`;
  return (
    <p className="account-form__note">
      {agreeing} You can change your preferences or unsubscribe at any time.
    </p>
  );
}
