/**
 * The full generated bad-input run (docs/reliability.md "Generated bad input"): at least
 * 20,000 requests generated from /openapi.json, sent over real HTTP connections to a
 * listening server, so that Node's own HTTP parser meets them too (oversized headers and
 * cookies, bytes a client library would refuse to send). Every answer is checked as the fast
 * test in `npm test` checks its 2,000: 0 answers of 500 or more, every failure in the error
 * shape, every status and body declared for its operation.
 *
 *   npx tsx scripts/bad-input.ts [requests=20000] [seed=2019]
 *
 * On PGlite, or on PostgreSQL when DATABASE_URL is set. Exits non-zero on any problem.
 */
import { connect } from "node:net";
import { badRequests, type GeneratedRequest } from "../apps/api/src/contract/bad-requests.ts";
import { contractCheck } from "../apps/api/src/contract/contract.ts";
import { knownValues } from "../apps/api/src/contract/knowns.ts";
import { type Answer, runRequests } from "../apps/api/src/contract/run.ts";
import { startCommerceApp } from "../apps/api/src/modules/checkout/test-support.ts";

const count = Number(process.argv[2] ?? 20_000);
const seed = Number(process.argv[3] ?? 2019);
const CONCURRENCY = 8;

/** One request on its own connection, written byte for byte: nothing is cleaned up on the way. */
function send(port: number, request: GeneratedRequest): Promise<Answer> {
  const body = request.payload === undefined ? undefined : Buffer.from(request.payload);
  const headers = {
    ...request.headers,
    connection: "close",
    ...(body ? { "content-length": String(body.length) } : {}),
  };
  const head = [
    `${request.method} ${request.url} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close as soon as it has answered a request it refused to read.
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
    socket.on("close", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = raw.split("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const contentType = /\r\ncontent-type: ([^\r]*)/i.exec(head)?.[1];
      let text = rest.join("\r\n\r\n");
      if (/\r\ntransfer-encoding: chunked/i.test(head)) text = dechunk(text);
      resolve({ status, contentType, body: text });
    });
    socket.write(Buffer.concat([Buffer.from(head, "utf8"), body ?? Buffer.alloc(0)]));
  });
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const line = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!size) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 2 + size + 2);
  }
}

const t = await startCommerceApp();
await t.app.listen({ host: "127.0.0.1", port: 0 });
const address = t.app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
const contract = await contractCheck((await t.app.inject({ url: "/openapi.json" })).json());
const knowns = await knownValues(t);
const started = performance.now();
const report = await runRequests(
  badRequests(contract.document, knowns, { seed, count }),
  (request) => send(port, request),
  contract,
  CONCURRENCY,
);
const seconds = (performance.now() - started) / 1000;
await t.close();

console.log(
  `${report.sent} requests over ${report.operations} operations in ${seconds.toFixed(0)} s; by status: ${JSON.stringify(report.byStatus)}`,
);
console.log(`${report.problems.length} problems`);
for (const problem of report.problems) console.log(`  ${problem}`);
process.exit(report.problems.length === 0 && report.sent === count ? 0 : 1);
