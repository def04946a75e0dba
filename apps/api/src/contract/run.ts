/**
 * Sends generated requests and checks every answer against the contract: 0 answers of 500 or
 * more, every failure in the error shape, every status and body declared for its operation.
 */
import type { GeneratedRequest } from "./bad-requests.ts";
import type { ContractCheck } from "./contract.ts";

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
}

export interface RunReport {
  sent: number;
  byStatus: Record<number, number>;
  operations: number;
  /** One example per distinct problem (operation and status). */
  problems: string[];
}

export async function runRequests(
  requests: Iterable<GeneratedRequest>,
  send: (request: GeneratedRequest) => Promise<Answer>,
  contract: ContractCheck,
  concurrency: number,
): Promise<RunReport> {
  const report: RunReport = { sent: 0, byStatus: {}, operations: 0, problems: [] };
  const seen = new Set<string>();
  const operations = new Set<string>();
  const iterator = requests[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) {
      const request = next.value;
      const answer = await send(request);
      report.sent += 1;
      operations.add(request.operation);
      report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
      const exchange = { operation: request.operation, method: request.method, url: request.url, ...answer };
      // Generated input never finds a dependency down: even a declared 503 is a fault here.
      const problem =
        answer.status >= 500
          ? `${request.method} ${request.url} answered ${answer.status}: ${answer.body.slice(0, 200)}`
          : contract.problem(exchange);
      const key = `${request.operation} ${answer.status}`;
      if (problem && !seen.has(key)) {
        seen.add(key);
        report.problems.push(`${problem}\n    request: ${JSON.stringify(request).slice(0, 400)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  report.operations = operations.size;
  return report;
}
