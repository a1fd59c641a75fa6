/**
 * Returns the value kept on `globalThis[key]`, creating it on first use.
 *
 * Module Federation shares @accent/shared as a singleton, but a misconfigured remote can still load a
 * second copy. Keeping the store, the session manager, the toast bus and their atoms behind a global
 * key means that second copy talks to the same instances instead of silently forking the state.
 */
export function globalSingleton<T>(key: string, create: () => T): T {
  const registry = globalThis as unknown as Record<string, unknown>;
  if (!(key in registry)) registry[key] = create();
  return registry[key] as T;
}
