/**
 * The account emails: activation, welcome, password reset, deletion confirmation, an
 * "account already exists" note for a repeated registration, and a subscription
 * confirmation. Each has a plain-text and an HTML body; names typed by customers are escaped
 * in the HTML.
 */
import type { Brand } from "@deals/domain/brand";

export interface EmailContent {
  template: string;
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

interface Paragraph {
  text: string;
  link?: { label: string; href: string };
}

/** Builds both bodies from the same paragraphs, so they always say the same thing. */
export function compose(
  template: string,
  brand: Brand,
  subject: string,
  greeting: string,
  paragraphs: Paragraph[],
) {
  const sign = `The ${brand.name} team`;
  const text = [
    greeting,
    ...paragraphs.map((p) => (p.link ? `${p.text}\n${p.link.label}: ${p.link.href}` : p.text)),
    sign,
  ].join("\n\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map(
      (p) =>
        `<p>${escapeHtml(p.text)}${p.link ? `<br><a href="${escapeHtml(p.link.href)}">${escapeHtml(p.link.label)}</a>` : ""}</p>`,
    ),
    `<p>${escapeHtml(sign)}</p>`,
  ].join("\n");
  return { template, subject, text: `${text}\n`, html };
}

export const hello = (firstName: string) => (firstName ? `Hello ${firstName},` : "Hello,");

export function activationEmail(brand: Brand, firstName: string, link: string): EmailContent {
  return compose("activation", brand, `Activate your ${brand.name} account`, hello(firstName), [
    { text: `Please confirm this is your email address to activate your ${brand.name} account.` },
    {
      text: "The link works once and expires in 7 days.",
      link: { label: "Activate your account", href: link },
    },
    { text: "If you did not ask for an account, you can ignore this email." },
  ]);
}

export function welcomeEmail(brand: Brand, firstName: string, siteLink: string): EmailContent {
  return compose("welcome", brand, `Welcome to ${brand.name}`, hello(firstName), [
    {
      text: "Your account is ready. Sign in to buy, keep your vouchers in one place and get our best deals.",
    },
    { text: "Start browsing today's deals.", link: { label: "Go to deals", href: siteLink } },
  ]);
}

export function passwordResetEmail(brand: Brand, firstName: string, link: string): EmailContent {
  return compose("password-reset", brand, `Reset your ${brand.name} password`, hello(firstName), [
    { text: "We received a request to reset the password of your account." },
    {
      text: "The link works once and expires in 1 hour.",
      link: { label: "Choose a new password", href: link },
    },
    { text: "If you did not ask for this, you can ignore this email: your password has not changed." },
  ]);
}

export function accountExistsEmail(
  brand: Brand,
  firstName: string,
  links: { signIn: string; forgotPassword: string },
): EmailContent {
  return compose("account-exists", brand, `You already have a ${brand.name} account`, hello(firstName), [
    { text: "Someone tried to register with this email address, but it already has an account." },
    { text: "If it was you, sign in.", link: { label: "Sign in", href: links.signIn } },
    {
      text: "Forgotten your password? Choose a new one.",
      link: { label: "Reset password", href: links.forgotPassword },
    },
  ]);
}

export function deletionConfirmationEmail(brand: Brand, firstName: string): EmailContent {
  return compose(
    "deletion-confirmation",
    brand,
    `Your ${brand.name} account has been deleted`,
    hello(firstName),
    [
      { text: "As you asked, your account has been deleted and your personal details removed." },
      {
        text: "We keep the records of past orders that the law requires for accounting, without your details.",
      },
      { text: `Thank you for shopping with ${brand.name}.` },
    ],
  );
}

export function subscriptionEmail(brand: Brand, locationName: string, unsubscribeLink: string): EmailContent {
  return compose("subscription", brand, `Your daily ${brand.name} deals for ${locationName}`, "Hello,", [
    { text: `You are now subscribed to the daily deals email for ${locationName}.` },
    {
      text: "You can change your preferences or unsubscribe at any time.",
      link: { label: "Unsubscribe", href: unsubscribeLink },
    },
  ]);
}
