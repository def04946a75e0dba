/** Issues the single-use tokens sent in emails (or handed to express buy). */
import type { Db } from "@deals/db";
import type { AuthTokenPurpose } from "@deals/db/schema/accounts";
import { AUTH_TOKEN_TTL_SECONDS } from "@deals/domain/constants";
import { insertAuthToken } from "./queries.ts";
import { randomSecret, secretHash } from "./secrets.ts";

const TTL_SECONDS: Record<AuthTokenPurpose, number> = {
  activation: AUTH_TOKEN_TTL_SECONDS.activation,
  "password-reset": AUTH_TOKEN_TTL_SECONDS.passwordReset,
  "express-buy": AUTH_TOKEN_TTL_SECONDS.expressBuy,
};

export interface IssuedToken {
  /** The secret for the link; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

export async function issueToken(
  tx: Db,
  userId: number,
  purpose: AuthTokenPurpose,
  now: Date,
): Promise<IssuedToken> {
  const token = randomSecret();
  const expiresAt = new Date(now.getTime() + TTL_SECONDS[purpose] * 1000);
  await insertAuthToken(tx, { userId, purpose, tokenHash: secretHash(token), now, expiresAt });
  return { token, expiresAt };
}
