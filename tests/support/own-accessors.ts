/**
 * The names of an object's own accessor properties. An accessor defined on each object of a kind
 * (rather than once on its prototype) is held from the old generation: by a hidden class of the
 * object's own when defined with `Object.defineProperty`, by the object's own accessor pair when
 * written in a literal. Either way whatever it closes over outlives every young collection, so
 * the objects made for each request must have none (docs/scaling.md).
 */
export function ownAccessors(object: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(object))
    .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
    .map(([name]) => name);
}
