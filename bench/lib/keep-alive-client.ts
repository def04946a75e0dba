/**
 * A bare HTTP/1.1 client for load generators that share the machine with the servers they
 * measure: one keep-alive socket, one request at a time, the request written as one string and
 * the answer read by its Content-Length. node:http's client (agent, parser, streams) costs
 * several times more CPU per request, and every cycle the load generator spends is taken from
 * the servers under test.
 */
import { connect, type Socket } from "node:net";

export interface Answer {
  status: number;
  body: string;
}

const HEADER_END = "\r\n\r\n";
const CONTENT_LENGTH = /\r\ncontent-length: *(\d+)/i;

export class KeepAliveClient {
  readonly #host: string;
  readonly #port: number;
  #socket: Socket | undefined;
  #received: Buffer = Buffer.alloc(0);
  #waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | undefined;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.#host = hostname;
    this.#port = Number(port);
  }

  /** Sends one request; `headers` are complete header lines, each ending in CRLF. */
  request(method: string, path: string, headers: string, body?: string): Promise<Answer> {
    if (this.#waiting) throw new Error("KeepAliveClient sends one request at a time");
    const length = body === undefined ? "" : `content-length: ${Buffer.byteLength(body)}\r\n`;
    const head = `${method} ${path} HTTP/1.1\r\nhost: ${this.#host}:${this.#port}\r\n${headers}${length}\r\n`;
    return new Promise<Answer>((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#open().write(body === undefined ? head : head + body);
    });
  }

  close(): void {
    this.#socket?.destroy();
    this.#socket = undefined;
  }

  #open(): Socket {
    if (this.#socket) return this.#socket;
    const socket = connect({ host: this.#host, port: this.#port, noDelay: true });
    socket.on("data", (chunk: Buffer) => this.#read(chunk));
    const fail = (error: Error) => {
      this.#socket = undefined;
      this.#received = Buffer.alloc(0);
      const waiting = this.#waiting;
      this.#waiting = undefined;
      waiting?.reject(error);
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("the server closed the connection")));
    this.#socket = socket;
    return socket;
  }

  #read(chunk: Buffer): void {
    this.#received = this.#received.length === 0 ? chunk : Buffer.concat([this.#received, chunk]);
    const headerEnd = this.#received.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = this.#received.toString("latin1", 0, headerEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) {
      this.#socket?.destroy(new Error(`an answer without Content-Length: ${head.split("\r\n", 1)[0]}`));
      return;
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.#received.length < bodyEnd) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.#received.toString("utf8", bodyStart, bodyEnd),
    };
    this.#received = this.#received.subarray(bodyEnd);
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.resolve(answer);
  }
}
