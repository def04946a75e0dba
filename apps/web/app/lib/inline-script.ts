/**
 * Page scripts inlined by their source text (Function.prototype.toString). The server runs
 * under tsx, whose compiler keeps function names by wrapping named arrow functions in
 * `__name(fn, "name")`, so the text a function gives at run time may call a helper the
 * browser does not have. Wrapping the source here gives it that helper, in its own scope.
 */
export function inlineScript(source: string): string {
  return `(()=>{const __name=(fn)=>fn;${source}})();`;
}
