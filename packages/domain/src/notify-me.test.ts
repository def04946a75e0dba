import { describe, expect, it } from "vitest";
import { NOTIFY_ME_MESSAGES, notifyMeOutcome } from "./notify-me.ts";

describe("notifyMeOutcome", () => {
  it("reads only the outcomes the deal page knows", () => {
    expect(notifyMeOutcome("sent")).toBe("sent");
    expect(notifyMeOutcome("invalid")).toBe("invalid");
    expect(notifyMeOutcome("failed")).toBe("failed");
    for (const other of [null, "", "SENT", "<script>", "ok"]) expect(notifyMeOutcome(other)).toBeNull();
  });

  it("tells an invalid address in the form's own words", () => {
    expect(NOTIFY_ME_MESSAGES.invalid).toBe("Enter a valid email address");
  });
});
