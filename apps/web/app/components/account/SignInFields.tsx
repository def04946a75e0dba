import type { FieldErrors } from "../../lib/forms.ts";
import { Field } from "../Field.tsx";

/** The sign-in form's email and password, on the login page and inline at checkout. */
export function SignInFields({ values, errors }: { values?: Record<string, string>; errors?: FieldErrors }) {
  return (
    <>
      <Field
        name="username"
        label="Email address"
        type="email"
        autoComplete="email"
        defaultValue={values?.username}
        error={errors?.username}
        required
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors?.password}
        required
      />
    </>
  );
}
