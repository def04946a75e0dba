import { describe, expect, it } from "vitest";
import { FlushedChunks } from "./flushed-chunks.server.ts";

function collect(stream: FlushedChunks): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("FlushedChunks", () => {
  it("passes the pieces written before a flush on as one chunk, in order", async () => {
    const stream = new FlushedChunks();
    const chunks = collect(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.flush();
    stream.write("<p>later</p>");
    stream.end("</body></html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<html><body>", "<p>later</p></body></html>"]);
  });
});
