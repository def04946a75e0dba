import type { InputHTMLAttributes, ReactNode } from "react";

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  name: string;
  label: string;
  /** Unique on the page; defaults to the name (the error summary links to it). */
  id?: string;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
}

/**
 * A labelled input of the checkout, its hint and message tied to it (aria-describedby) and
 * marked invalid when it has a message; any other input attribute passes through.
 */
export function CheckoutField({
  name,
  label,
  id = name,
  error,
  hint,
  optional,
  ...input
}: CheckoutFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
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
        aria-required={optional ? undefined : true}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
