import { postcodeAddressRows } from "@deals/db/seed/addresses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandHeaders, startTestApp, type TestApp } from "../../testing.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const lookUp = (postcode: string, brandId: "main-uk" | "main-ie" = "main-uk") =>
  testApp.app.inject({
    method: "GET",
    url: `/v1/address/postcode/${encodeURIComponent(postcode)}`,
    headers: brandHeaders(brandId),
  });

const rows = postcodeAddressRows();

describe("GET /v1/address/postcode/:postcode", () => {
  it("lists the homes of a UK postcode, however it is typed", async () => {
    const postcode = rows.find((row) => row.countryCode === "gb")!.postCode;
    const homes = rows.filter((row) => row.postCode === postcode);
    const response = await lookUp(postcode.replace(" ", "").toLowerCase());
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.postCode).toBe(postcode);
    expect(answer.addresses.map((a: { addressLine1: string }) => a.addressLine1)).toEqual(
      homes.map((home) => home.addressLine1),
    );
    expect(answer.addresses[0]).toMatchObject({ town: homes[0]!.town, postCode: postcode });
  });

  it("looks up Eircodes on the Irish sites", async () => {
    const eircode = rows.find((row) => row.countryCode === "ie")!.postCode;
    const response = await lookUp(eircode, "main-ie");
    expect(response.statusCode).toBe(200);
    expect(response.json().addresses.length).toBeGreaterThan(0);
  });

  it("answers 'Enter a valid postcode' for a malformed code and 'Invalid postcode' for an unknown one", async () => {
    const malformed = await lookUp("12345");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe("Enter a valid postcode");
    // An Eircode is not a UK postcode.
    expect((await lookUp("D02 AF30")).statusCode).toBe(400);
    const unknown = await lookUp("ZE3 9ZZ");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: "POSTCODE_NOT_FOUND", message: "Invalid postcode" });
  });

  it("has a few hundred postcodes for the seed towns", () => {
    const postcodes = new Set(rows.map((row) => row.postCode));
    expect(postcodes.size).toBeGreaterThanOrEqual(300);
  });
});
