import fc from "fast-check";
import { validatorCompiler as zodValidatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { dealListQuerySchema } from "./modules/deals/schemas.ts";
import { validatorCompiler } from "./validator.ts";

describe("validatorCompiler", () => {
  // The listing's query string has a quick reader: each query must be answered as zod alone answers it.
  const route = {
    schema: dealListQuerySchema,
    method: "GET",
    url: "/v1/deals/:location",
    httpPart: "querystring",
  };
  const quick = validatorCompiler(route);
  const whole = zodValidatorCompiler(route);
  const values = {
    page: ["0", "4", "10001", "two"],
    pageSize: ["24", "0"],
    orderBy: ["price", "discount", "name"],
    order: ["asc", "desc", "sideways"],
    q: ["massage", " spa "],
    vip: ["true", "perhaps"],
    minPrice: ["10", "x"],
    maxPrice: ["5", "500"],
    lat: ["53.8", "95"],
    lon: ["-1.5"],
    categories: ["spa"],
  } as const;
  const names = Object.keys(values) as (keyof typeof values)[];

  it("answers every listing query as the schema does, errors included", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.nat(), { maxKeys: 6 }), (picks) => {
        const query: Record<string, string> = {};
        for (const [name, i] of Object.entries(picks)) {
          const options = values[name as keyof typeof values];
          query[name] = options[i % options.length]!;
        }
        const answer = quick({ ...query });
        expect(JSON.stringify(answer)).toBe(JSON.stringify(whole({ ...query })));
      }),
      { numRuns: 300 },
    );
  });
});
