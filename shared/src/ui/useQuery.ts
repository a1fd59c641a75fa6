// The one way a screen loads and changes data: useQuery reads (loading, error, retry, and a reload when a
// mutation invalidates its key), useMutation changes (pending, error, then invalidation). A result that
// arrives after the screen left, or after the key changed, is dropped here, once, instead of in a
// hand-written `let live = true` effect per screen.
import { useCallback, useEffect, useRef, useState } from 'react';

export type QueryKey = readonly unknown[];

export type QueryState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export type QueryResult<T> = QueryState<T> & {
  /** read again: after an error it shows the loading state (Retry); loaded data stays shown until the new answer */
  reload(): void;
  /** change the loaded data in place, e.g. drop a deleted row without reading the list again */
  setData(update: (data: T) => T): void;
};

export interface QueryOptions {
  /** false: do not read (yet); the state stays loading */
  enabled?: boolean;
}

// Mounted queries by key, so a mutation (or anyone) can ask every screen showing that data to read it again.
const mounted = new Map<string, Set<() => void>>();
const keyOf = (key: QueryKey) => JSON.stringify(key);

/** Reads again every mounted query whose key starts with `prefix` (['flows'] reaches ['flows', 'list']). */
export function invalidateQueries(prefix: QueryKey): void {
  const start = keyOf(prefix).slice(0, -1);
  for (const [key, reloads] of mounted) {
    if (key === `${start}]` || key.startsWith(`${start},`)) for (const reload of reloads) reload();
  }
}

export function useQuery<T>(key: QueryKey, load: () => Promise<T>, { enabled = true }: QueryOptions = {}): QueryResult<T> {
  const [state, setState] = useState<QueryState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // the latest load function, so a new closure each render does not read again; the key says when to
  const loadRef = useRef(load);
  loadRef.current = load;
  const id = keyOf(key);
  const shownKey = useRef(id);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    // another key is other data: never show the previous key's while the new one loads
    const keyChanged = shownKey.current !== id;
    shownKey.current = id;
    setState((s) => (s.status === 'loading' || (s.status === 'ready' && !keyChanged) ? s : { status: 'loading' }));
    loadRef.current().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [id, attempt, enabled]);

  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  useEffect(() => {
    const reloads = mounted.get(id) ?? new Set();
    mounted.set(id, reloads);
    reloads.add(reload);
    return () => {
      reloads.delete(reload);
      if (reloads.size === 0) mounted.delete(id);
    };
  }, [id, reload]);

  const setData = useCallback((update: (data: T) => T) => setState((s) => (s.status === 'ready' ? { status: 'ready', data: update(s.data) } : s)), []);
  return { ...state, reload, setData };
}

export interface MutationOptions<R> {
  /** keys to read again after a success */
  invalidates?: QueryKey[];
  onSuccess?: (result: R) => void;
}

export interface MutationResult<I, R> {
  /** runs the change; resolves with its result, rejects with its error (also kept in `error`) */
  run(input: I): Promise<R>;
  pending: boolean;
  error: unknown;
}

export function useMutation<I, R>(change: (input: I) => Promise<R>, options: MutationOptions<R> = {}): MutationResult<I, R> {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef({ change, options });
  latest.current = { change, options };
  const mountedRef = useRef(true);
  useEffect(
    () => () => {
      mountedRef.current = false;
    },
    [],
  );

  const run = useCallback(async (input: I) => {
    const { change: doChange, options: opts } = latest.current;
    setPending(true);
    setError(null);
    try {
      const result = await doChange(input);
      opts.onSuccess?.(result);
      for (const key of opts.invalidates ?? []) invalidateQueries(key);
      return result;
    } catch (err) {
      if (mountedRef.current) setError(err);
      throw err;
    } finally {
      if (mountedRef.current) setPending(false);
    }
  }, []);
  return { run, pending, error };
}
