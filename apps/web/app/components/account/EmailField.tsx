import { Field } from "../Field.tsx";

interface EmailFieldProps {
  label?: string;
  defaultValue: string | undefined;
  error: string | undefined;
}

/** The customer's email address (the "email" field), as typed before. */
export function EmailField({ label = "Email address", defaultValue, error }: EmailFieldProps) {
  return (
    <Field
      name="email"
      label={label}
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
      error={error}
      required
    />
  );
}
