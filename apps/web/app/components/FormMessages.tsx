import type { ReactNode } from "react";

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
