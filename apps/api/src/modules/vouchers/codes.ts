/**
 * Voucher codes: 12 characters from a 32-letter alphabet without look-alikes (no 0, O, 1, I),
 * drawn from the operating system's random source and written in three groups of four
 * (K7XM-P3QR-9TWD). 60 bits each: unguessable, and a repeat is caught by the unique index.
 */
import { randomBytes } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const LENGTH = 12;
const GROUP = 4;

export function newVoucherCode(): string {
  // 32 letters: each random byte's low five bits pick one, with no bias.
  const letters = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]!);
  const groups: string[] = [];
  for (let i = 0; i < LENGTH; i += GROUP) groups.push(letters.slice(i, i + GROUP).join(""));
  return groups.join("-");
}
