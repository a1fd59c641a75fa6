// Reading a useQuery's data again after a change, without taking it off screen: the answer replaces the
// shown data, and a failure keeps it and says so in a toast (the kit's reload() would swap the table for
// an error). The returned promise settles when the answer is in, so a caller can follow up in order.
import { useCallback, useRef } from 'react';
import { toast } from '@accent/shared/client';
import type { QueryResult } from '@accent/shared/ui';
import { errorMessage } from './format.js';

/** `read` must be the one the query reads with, memoised with the same inputs as its key. */
export function useQuietRefresh<T>(query: QueryResult<T>, read: () => Promise<T>): () => Promise<void> {
  const { status, reload, setData } = query;
  const latest = useRef({ request: 0, read, status });
  latest.current.read = read;
  latest.current.status = status;

  return useCallback(async () => {
    // nothing shown yet (still loading, or an error with Retry): the query's own read again supersedes any
    // answer still on its way, so an answer from before the change cannot land after this one
    if (latest.current.status !== 'ready') {
      reload();
      return;
    }
    const request = ++latest.current.request;
    // only the latest refresh of the data still shown (same read, so the same key) may change it
    const current = () => request === latest.current.request && read === latest.current.read;
    try {
      const data = await read();
      if (current()) setData(() => data);
    } catch (e) {
      if (current()) toast.error('Could not refresh', errorMessage(e));
    }
  }, [read, reload, setData]);
}
