import pg from "pg";

/**
 * PostgreSQL refused the statement and carries on, ready for the next one on the same
 * connection (FATAL and PANIC end the connection; a cut or timed-out socket is no answer).
 */
export function isAnswer(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity === "ERROR";
}
