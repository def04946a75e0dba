/** The sign-in form (services.md §7.2 "login"), on /login and inline at checkout. */
import { validateEmail, validateRequired } from "@deals/domain/validation";
import { fieldErrors, formSecret, formText } from "./forms.ts";

/** What was typed (the password is never shown again) and the messages for the fields. */
export function readSignIn(form: FormData) {
  const values = { username: formText(form, "username") };
  const password = formSecret(form, "password");
  const errors = fieldErrors({
    username: validateEmail(values.username),
    password: validateRequired(password),
  });
  return { values, password, errors };
}
