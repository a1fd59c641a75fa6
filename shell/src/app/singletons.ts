// The e2e test compares what the shell registers here with what each remote registers, to prove one
// React and one store across the suite (DESIGN.md §3 "Singletons").
import type { Store } from 'jotai';

export const SINGLETONS_KEY = '__ACCENT_SINGLETONS__';

export function registerShellSingletons(react: unknown, store: Store): void {
  const g = globalThis as unknown as Record<string, Record<string, unknown> | undefined>;
  g[SINGLETONS_KEY] = { ...(g[SINGLETONS_KEY] ?? {}), shell: { React: react, store } };
}
