/**
 * What a form action answers: the values to show again, a message per field (shown beside
 * it), a message for the whole form, or a confirmation. Forms post to actions and work
 * without JavaScript; the same validators as the API (@deals/domain/validation) run first.
 */
import { validatePassword, validatePasswordsMatch } from "@deals/domain/validation";
import { data } from "react-router";
import { ApiError } from "./api.ts";

export type FieldErrors = Partial<Record<string, string>>;

export interface FormResult {
  values?: Record<string, string>;
  errors?: FieldErrors;
  /** A refusal of the whole form, with the API's code so the page can offer a way on. */
  formError?: { code: string; message: string };
  /** A confirmation: the thing was done. */
  message?: string;
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** A password as typed (spaces count), never trimmed. */
export function formSecret(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The messages that are set, or undefined when every field is fine. */
export function fieldErrors(found: FieldErrors): FieldErrors | undefined {
  const set = Object.entries(found).filter(([, message]) => message);
  return set.length > 0 ? Object.fromEntries(set) : undefined;
}

/**
 * A new password and its confirmation (the "confirmPassword" field) as typed, with their
 * messages when either is wrong; `name` is the password field's name on the form.
 */
export function readNewPassword(form: FormData, name = "password") {
  const password = formSecret(form, name);
  const confirmPassword = formSecret(form, "confirmPassword");
  const errors = fieldErrors({
    [name]: validatePassword(password),
    confirmPassword: validatePasswordsMatch(password, confirmPassword),
  });
  return { password, confirmPassword, errors };
}

export function invalid(values: Record<string, string>, errors: FieldErrors) {
  return data<FormResult>({ values, errors }, { status: 400 });
}

/**
 * An API refusal (4xx) becomes the form's message; a redirect (to login) goes on as it is, and
 * anything else is a real failure.
 */
export function refused(error: unknown, values: Record<string, string> = {}) {
  if (error instanceof Response) throw error;
  if (error instanceof ApiError && error.status < 500) {
    return data<FormResult>(
      { values, formError: { code: error.code, message: error.message } },
      { status: error.status },
    );
  }
  throw error;
}

/** The API's Set-Cookie headers (and any of ours), for a response to the browser. */
export function cookieHeaders(...groups: string[][]): Headers {
  const headers = new Headers();
  for (const cookie of groups.flat()) headers.append("Set-Cookie", cookie);
  return headers;
}
