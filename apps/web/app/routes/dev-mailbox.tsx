/**
 * /dev/mailbox (not in production): the emails the outbox holds, newest first, with their
 * links, so activation and reset emails can be followed without a mail server.
 */
import { Fragment } from "react";
import { data } from "react-router";
import { accountHead } from "../lib/account-head.ts";
import { accountsClient } from "../lib/auth.server.ts";
import { requestBrand } from "../lib/brand.server.ts";
import { headTags } from "../lib/head.ts";
import { notFound } from "../lib/not-found.ts";
import type { Route } from "./+types/dev-mailbox";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (process.env.NODE_ENV === "production") throw notFound();
  const brand = requestBrand(request);
  const { data: mailbox } = await accountsClient(context, brand, request).mailbox();
  return data({ head: accountHead(request, brand, "Development mailbox"), emails: mailbox.emails });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

/** The email's text with its web addresses as links. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mailbox" aria-labelledby="mailbox-title">
      <h1 id="mailbox-title">Development mailbox</h1>
      <p>Emails written to the outbox, newest first. This page does not exist in production.</p>
      {loaderData.emails.length === 0 && <p>No emails yet.</p>}
      {loaderData.emails.map((email) => (
        <article key={email.id} className="mailbox__email" aria-labelledby={`email-${email.id}`}>
          <h2 id={`email-${email.id}`}>{email.subject}</h2>
          <p className="mailbox__meta">
            To {email.to} · <time dateTime={email.createdAt}>{email.createdAt}</time> ·{" "}
            {email.sentAt ? "sent" : "not sent"}
          </p>
          <pre className="mailbox__text">
            <Linked text={email.text} />
          </pre>
        </article>
      ))}
    </section>
  );
}
