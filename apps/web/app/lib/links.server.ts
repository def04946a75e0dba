/** The state of an emailed link (activation, password reset) for its page. */
import { ApiError } from "./api.ts";

export type LinkState =
  | { valid: true; token: string; needsPassword: boolean }
  | { valid: false; message: string };

const MISSING = "This link is incomplete. Please use the whole link from the email, or ask for a new one.";

export async function linkState(
  request: Request,
  check: (token: string) => Promise<{ data: { needsPassword: boolean } }>,
): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { valid: false, message: MISSING };
  try {
    const { data } = await check(token);
    return { valid: true, token, needsPassword: data.needsPassword };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { valid: false, message: error.message };
    throw error;
  }
}
