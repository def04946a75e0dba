/**
 * The names of an object's own accessor properties. An accessor defined on each object of a kind
 * (rather than once on its prototype) gives every object a hidden class of its own, kept in the
 * old generation, which holds whatever the accessor closes over past every young collection:
 * the objects made for each request must have none (docs/scaling.md).
 */
export function ownAccessors(object: object): string[] {
  return Object.entries(Object.getOwnPropertyDescriptors(object))
    .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
    .map(([name]) => name);
}
