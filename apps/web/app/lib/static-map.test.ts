import { describe, expect, it } from "vitest";
import { projectPins } from "./static-map.ts";

describe("projectPins", () => {
  it("puts a lone pin in the middle of the drawing", () => {
    expect(projectPins([{ lat: 51.5248, lon: -0.11409 }], 640, 320)).toEqual({
      width: 640,
      height: 320,
      pins: [{ x: 320, y: 160 }],
    });
  });

  it("keeps every pin inside the drawing, east to the right and north up", () => {
    const view = projectPins(
      [
        { lat: 51.5, lon: -0.2 }, // west London
        { lat: 53.48, lon: -2.24 }, // Manchester: north-west of it
      ],
      640,
      320,
    )!;
    for (const pin of view.pins) {
      expect(pin.x).toBeGreaterThanOrEqual(0);
      expect(pin.x).toBeLessThanOrEqual(640);
      expect(pin.y).toBeGreaterThanOrEqual(0);
      expect(pin.y).toBeLessThanOrEqual(320);
    }
    const [london, manchester] = view.pins;
    expect(manchester!.x).toBeLessThan(london!.x);
    expect(manchester!.y).toBeLessThan(london!.y);
  });

  it("leaves out points that are not coordinates, and gives no view without any", () => {
    expect(
      projectPins(
        [
          { lat: Number.NaN, lon: 0 },
          { lat: 95, lon: 0 },
        ],
        100,
        100,
      ),
    ).toBeNull();
    expect(projectPins([], 100, 100)).toBeNull();
    expect(
      projectPins(
        [
          { lat: 200, lon: 0 },
          { lat: 53, lon: -6 },
        ],
        100,
        100,
      )?.pins,
    ).toHaveLength(1);
  });
});
