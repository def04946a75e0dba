import type { ReactNode } from "react";

interface FieldProps {
  name: string;
  label: string;
  /** Unique on the page; defaults to the name. */
  id?: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  defaultValue?: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
}

/**
 * A labelled input whose message sits beside it and is tied to it (aria-describedby), so a
 * screen reader announces the problem with the field.
 */
export function Field({
  name,
  label,
  id = name,
  type = "text",
  autoComplete,
  defaultValue,
  error,
  hint,
  required,
}: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required ? true : undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level refusal, announced at once, with an optional way on. */
export function FormAlert({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      <p>{message}</p>
      {children}
    </div>
  );
}

/** A confirmation that the thing was done. */
export function FormStatus({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="form-status" role="status">
      <p>{message}</p>
      {children}
    </div>
  );
}
