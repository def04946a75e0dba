/**
 * The yardstick: a bare Fastify route answering a fixed JSON body, read once from the file
 * named by BASELINE_BODY_FILE, with no schema, hooks or logging. Prints its ready line like
 * the marketplace does.
 */
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const bodyFile = process.env.BASELINE_BODY_FILE;
if (!bodyFile) throw new Error("BASELINE_BODY_FILE must name the JSON body to answer");
const body = readFileSync(bodyFile, "utf8");

const app = Fastify();
app.get("/", (_request, reply) => {
  reply.type("application/json; charset=utf-8").send(body);
});

await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
process.stdout.write(`Baseline ready at http://127.0.0.1:${port}\n`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
