/**
 * The registration form (services.md §7.2 "register"), on /register and inline at checkout:
 * what was typed, the messages to show beside the fields, and the body for the API.
 */
import {
  PASSENGER_TITLES,
  type RegistrationBody,
  validateEmail,
  validateRequired,
} from "@deals/domain/validation";
import { type FieldErrors, fieldErrors, formText, readNewPassword } from "./forms.ts";

export interface RegistrationForm {
  /** What to show again (never the passwords). */
  values: { title: string; firstName: string; lastName: string; email: string };
  errors: FieldErrors | undefined;
  body: RegistrationBody;
}

/** `passwordName` is the password field's name on the form. */
export function readRegistration(form: FormData, passwordName: string): RegistrationForm {
  const values = {
    title: formText(form, "title"),
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
  };
  const { password, confirmPassword, errors: passwordErrors } = readNewPassword(form, passwordName);
  const errors = fieldErrors({
    firstName: validateRequired(values.firstName),
    lastName: validateRequired(values.lastName),
    email: validateEmail(values.email),
    ...passwordErrors,
  });
  const body = {
    ...values,
    title: PASSENGER_TITLES.find((known) => known === values.title),
    password,
    confirmPassword,
    subscribe: form.get("subscribe") === "on",
  };
  return { values, errors, body };
}
