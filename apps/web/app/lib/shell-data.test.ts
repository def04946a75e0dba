import { describe, expect, it } from "vitest";
import { readShellData, type ShellData, shellDataText } from "./shell-data.ts";

const documentWith = (text: string | null) =>
  ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;

describe("the shell's data block", () => {
  const data: ShellData = {
    apiHeaders: { accept: "application/json", brand: "dealmoor" },
    plain: {
      location: "london",
      exitPromo: { code: "EXTRA10", termsHref: "/page/termsofuse", location: "london" },
    },
  };

  it("reads back what the page wrote", () => {
    expect(readShellData(documentWith(shellDataText(data)))).toEqual(data);
  });

  it("cannot be closed early by what it holds, and still reads back the same", () => {
    const hostile: ShellData = {
      apiHeaders: {},
      plain: {
        location: "</script><script>alert(1)</script>",
        exitPromo: { ...data.plain!.exitPromo, code: "</script>" },
      },
    };
    const text = shellDataText(hostile);
    expect(text).not.toContain("</script>");
    expect(readShellData(documentWith(text))).toEqual(hostile);
  });

  it("is null where the block is missing or unreadable", () => {
    expect(readShellData(documentWith(null))).toBeNull();
    expect(readShellData(documentWith("{not json"))).toBeNull();
  });
});
