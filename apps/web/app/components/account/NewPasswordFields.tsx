import type { FieldErrors } from "../../lib/forms.ts";
import { Field } from "../Field.tsx";

interface NewPasswordFieldsProps {
  /** The password field's name; its confirmation is always "confirmPassword". */
  name?: string;
  label: string;
  confirmLabel: string;
  errors: FieldErrors | undefined;
  /** Whether the password's rule shows as its hint (the checkout's short form leaves it out). */
  showRule?: boolean;
}

/** Choosing a password: the password (its rule as a hint) and its confirmation. */
export function NewPasswordFields({
  name = "password",
  label,
  confirmLabel,
  errors,
  showRule = true,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        hint={showRule ? "At least 6 characters." : undefined}
        error={errors?.[name]}
        required
      />
      <Field
        name="confirmPassword"
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        error={errors?.confirmPassword}
        required
      />
    </>
  );
}
