/**
 * Asks dist/server.mjs (scripts/server-launcher.mjs) to keep V8's compiled code of the start, once the
 * server is ready: the next start reads the functions it runs instead of compiling them again. Only
 * the launcher registers it; under tsx or Vitest there is no cache (`null`).
 */
export function saveStartupCodeCache(): StartupCodeCache | null {
  const save = (globalThis as Record<symbol, unknown>)[Symbol.for('careloop.saveStartupCodeCache')];
  return typeof save === 'function' ? (save() as StartupCodeCache) : null;
}

/** What the start's ready line says of the cache. */
type StartupCodeCache = 'read' | 'written' | 'unwritable';
