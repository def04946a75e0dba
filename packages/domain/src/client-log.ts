/**
 * The client error log record (services.md §3 "Client error log record", §7.8 "POST client
 * error log"): what the storefront reports of an error it met, in the browser (`client`) or
 * while rendering a page on the server (`server`). Every text is cut to what the log keeps.
 */
export const CLIENT_LOG_TEXT_MAX = 2000;
export const CLIENT_LOG_NAME_MAX = 200;
export const CLIENT_LOG_USER_AGENT_MAX = 500;

export interface ClientLogRecord {
  client?: boolean;
  server?: boolean;
  description?: string;
  error?: string;
  message?: string;
  name?: string;
  referrer?: string;
  userAgent?: string;
}

const cut = (text: string | undefined, max: number) => (text === undefined ? undefined : text.slice(0, max));

/** The record of `error`: its name, message and stack (or what it was, when not an Error). */
export function clientLogRecord(
  error: unknown,
  where: Pick<ClientLogRecord, "client" | "server" | "description" | "referrer" | "userAgent">,
): ClientLogRecord {
  const isError = error instanceof Error;
  const record: ClientLogRecord = {
    ...where,
    name: cut(isError ? error.name : typeof error, CLIENT_LOG_NAME_MAX),
    message: cut(isError ? error.message : String(error), CLIENT_LOG_TEXT_MAX),
    error: cut(isError ? error.stack : undefined, CLIENT_LOG_TEXT_MAX),
    description: cut(where.description, CLIENT_LOG_TEXT_MAX),
    referrer: cut(where.referrer, CLIENT_LOG_TEXT_MAX),
    userAgent: cut(where.userAgent, CLIENT_LOG_USER_AGENT_MAX),
  };
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== ""),
  );
}
