import { describe, expect, it } from "vitest";
import { checkEmailAddress, type DomainMail } from "./verify.ts";

const resolver = (answers: Record<string, DomainMail>) => async (domain: string) => answers[domain] ?? "none";
const dns = resolver({
  "mail.example.co.uk": "mail",
  "web-only.co.uk": "host-only",
  "mailinator.com": "mail",
  "flaky.co.uk": "unknown",
});

describe("checkEmailAddress", () => {
  it.each([
    ["someone@mail.example.co.uk", "deliverable"],
    ["not an address", "undeliverable"],
    ["someone@example.com", "undeliverable"],
    ["someone@no-such-domain.co.uk", "undeliverable"],
    ["someone@mailinator.com", "risky"],
    ["info@mail.example.co.uk", "risky"],
    ["someone@web-only.co.uk", "risky"],
    ["someone@flaky.co.uk", "unknown"],
  ])("%s is %s", async (email, verdict) => {
    expect((await checkEmailAddress(email, dns)).verdict).toBe(verdict);
  });

  it("never asks DNS about a malformed address or a reserved domain", async () => {
    const asked: string[] = [];
    const spy = async (domain: string): Promise<DomainMail> => {
      asked.push(domain);
      return "mail";
    };
    await checkEmailAddress("bad@", spy);
    await checkEmailAddress("a@b.test", spy);
    expect(asked).toEqual([]);
  });
});
