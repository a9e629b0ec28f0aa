/**
 * The component a CommonJS package exports as `exports.default`. Vite 8 builds this app (its
 * package.json says "type": "module") with Node's rule, under which a default import of such a
 * package is the whole `exports` object; Vitest hands over `exports.default` itself. This takes the
 * component in both cases, so the build and the tests run the same code.
 */
export function cjsDefault<T>(imported: T): T {
  const wrapped = imported as T & { __esModule?: boolean; default?: T };
  return wrapped.__esModule && wrapped.default !== undefined ? wrapped.default : imported;
}
