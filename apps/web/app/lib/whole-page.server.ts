/**
 * A plain page's answer (entry.server.tsx): the page written whole, its bytes in memory. A
 * Response made with them copies them and wraps the copy in a web stream, which the server reads
 * back into bytes again to send the page in one write (api web.ts `sendPage`): three copies of
 * a 150 KB homepage and a stream's promises per page. This one hands over the bytes it holds,
 * and makes the stream only if `body` itself is read.
 */
export class WholePage extends Response {
  readonly #bytes: Buffer;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  constructor(bytes: Buffer, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    this.#stream ??= new Response(this.#bytes as Uint8Array<ArrayBuffer>).body ?? undefined;
    return this.#stream as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#bytes;
    // A page-sized Buffer has an ArrayBuffer of its own (only small ones share Node's pool).
    const whole = byteOffset === 0 && byteLength === buffer.byteLength;
    return (whole ? buffer : buffer.slice(byteOffset, byteOffset + byteLength)) as ArrayBuffer;
  }

  override async text(): Promise<string> {
    return this.#bytes.toString("utf8");
  }
}
