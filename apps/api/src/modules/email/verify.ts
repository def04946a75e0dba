/**
 * /v1/email/verify (services.md §7.2; verdicts from product.md §4 "Email verdicts"):
 * deliverable, risky, undeliverable or unknown, from the address's syntax and its domain. The
 * domain check asks DNS for mail servers through a port, so tests answer it themselves and a
 * DNS outage gives "unknown" rather than a wrong verdict.
 */
import { resolve4, resolveMx } from "node:dns/promises";
import { HTTP_TIMEOUT_MS } from "@deals/domain/constants";
import { validateEmail } from "@deals/domain/validation";

export const EMAIL_VERDICTS = ["deliverable", "risky", "undeliverable", "unknown"] as const;
export type EmailVerdict = (typeof EMAIL_VERDICTS)[number];

/** mail: the domain has MX records; host-only: no MX but an address; none: no such domain. */
export type DomainMail = "mail" | "host-only" | "none" | "unknown";
export type MailDomainResolver = (domain: string) => Promise<DomainMail>;

export interface EmailCheck {
  email: string;
  verdict: EmailVerdict;
  reason: string;
}

// RFC 2606 and RFC 6761 names that never receive mail.
const RESERVED_DOMAINS = /(^|\.)(example|invalid|test|localhost|local)$|^example\.(com|net|org)$/;
// Throwaway inboxes: accepted by mail servers, rarely read for long.
const DISPOSABLE_DOMAINS = new Set([
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "yopmail.com",
  "trashmail.com",
  "temp-mail.org",
  "sharklasers.com",
  "dispostable.com",
]);
// Shared mailboxes rather than a person.
const ROLE_ACCOUNTS = new Set([
  "admin",
  "info",
  "support",
  "sales",
  "contact",
  "noreply",
  "no-reply",
  "postmaster",
  "webmaster",
  "abuse",
]);

export async function checkEmailAddress(email: string, resolver: MailDomainResolver): Promise<EmailCheck> {
  const address = email.trim();
  const answer = (verdict: EmailVerdict, reason: string): EmailCheck => ({ email: address, verdict, reason });
  if (validateEmail(address)) return answer("undeliverable", "The address is not valid.");
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  if (RESERVED_DOMAINS.test(domain)) return answer("undeliverable", "The domain never receives email.");
  const mail = await resolver(domain);
  if (mail === "none") return answer("undeliverable", "The domain does not exist.");
  if (mail === "unknown") return answer("unknown", "The domain could not be checked.");
  if (DISPOSABLE_DOMAINS.has(domain)) return answer("risky", "The domain gives out throwaway addresses.");
  if (ROLE_ACCOUNTS.has(local)) return answer("risky", "The address is a shared mailbox.");
  if (mail === "host-only") return answer("risky", "The domain has no mail server of its own.");
  return answer("deliverable", "The domain receives email.");
}

const NO_SUCH_DOMAIN = new Set(["ENOTFOUND", "ENODATA"]);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref()),
  ]);
}

/** The resolver used in production: DNS, within the default HTTP timeout. */
export const dnsMailDomainResolver: MailDomainResolver = async (domain) => {
  try {
    const records = await withTimeout(resolveMx(domain), HTTP_TIMEOUT_MS);
    if (records.length > 0) return "mail";
  } catch (error) {
    if (!NO_SUCH_DOMAIN.has((error as NodeJS.ErrnoException).code ?? "")) return "unknown";
  }
  try {
    const hosts = await withTimeout(resolve4(domain), HTTP_TIMEOUT_MS);
    return hosts.length > 0 ? "host-only" : "none";
  } catch (error) {
    return NO_SUCH_DOMAIN.has((error as NodeJS.ErrnoException).code ?? "") ? "none" : "unknown";
  }
};
