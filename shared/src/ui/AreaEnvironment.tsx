import { createContext, type ReactNode, useContext, useMemo } from 'react';

export interface AreaEnvironment<T> {
  /** gives its children the defaults with `value`'s entries in their place (tests pass plain functions) */
  Provider(props: { value?: Partial<T>; children: ReactNode }): ReactNode;
  /** what the nearest Provider gives, else the defaults */
  useEnvironment(): T;
}

/**
 * An area's data access behind one context: components get the real services by default, and tests inject
 * plain functions for the ones they watch instead of mocking modules.
 */
export function createAreaEnvironment<T extends object>(defaults: T): AreaEnvironment<T> {
  const Context = createContext<T>(defaults);
  return {
    Provider({ value, children }) {
      const merged = useMemo<T>(() => ({ ...defaults, ...value }), [defaults, value]);
      return <Context.Provider value={merged}>{children}</Context.Provider>;
    },
    useEnvironment: () => useContext(Context),
  };
}
