import type { InputHTMLAttributes, ReactNode } from "react";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "required"> {
  name: string;
  label: string;
  /** Unique on the page; defaults to the name (an error summary links to it). */
  id?: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Announced as required; a field that is not says "(optional)" in its label. */
  required?: boolean;
}

/**
 * A labelled input whose hint and message sit beside it and are tied to it
 * (aria-describedby), so a screen reader announces the problem with the field; any other
 * input attribute passes through.
 */
export function Field({ name, label, id = name, error, hint, required, ...input }: FieldProps) {
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
        type="text"
        {...input}
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
