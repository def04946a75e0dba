import { Link } from "../Link.tsx";
import { EmailConsent } from "./EmailConsent.tsx";

/**
 * The "Sign in with Google" button and its consent line (product.md §5 "Email consent
 * text"), shown only where Google sign-in works (google-sign-in.server.ts). Outside
 * production it opens /dev/google, which stands in for Google's account chooser; the sign-in
 * then returns where the shopper came from, as a password sign-in does.
 */
export function GoogleSignIn({
  offered,
  label,
  brandName,
}: {
  offered: boolean;
  /** The button's words; the consent line names the same button. */
  label: "Sign in with Google" | "Sign Up with Google";
  brandName: string;
}) {
  if (!offered) return null;
  return (
    <div className="google-sign-in">
      <Link to="/dev/google" className="button button--secondary">
        {label}
      </Link>
      <EmailConsent button={label} brandName={brandName} />
    </div>
  );
}
