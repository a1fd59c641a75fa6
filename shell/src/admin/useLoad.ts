// One fetch with its loading, error and ready states, a Retry (load) and a quiet refresh that keeps
// what is on screen. Answers of superseded requests are dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@accent/shared/client';
import { errorMessage } from './format.js';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; message: string };

export interface Loaded<T> {
  state: LoadState<T>;
  /** Loads again: shows the loading state, or with `quiet` keeps the data on screen while it refreshes. */
  load(options?: { quiet?: boolean }): Promise<void>;
  /** Changes the loaded data in place (optimistic updates, server answers). */
  update(change: (data: T) => T): void;
}

export function useLoad<T>(fetcher: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const requestId = useRef(0);

  const load = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const id = ++requestId.current;
      if (!quiet) setState({ status: 'loading' });
      try {
        const data = await fetcher();
        if (id === requestId.current) setState({ status: 'ready', data });
      } catch (e) {
        if (id !== requestId.current) return;
        if (quiet) toast.error('Could not refresh', errorMessage(e));
        else setState({ status: 'error', message: errorMessage(e) });
      }
    },
    [fetcher],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const update = useCallback((change: (data: T) => T) => {
    setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s));
  }, []);

  return { state, load, update };
}
