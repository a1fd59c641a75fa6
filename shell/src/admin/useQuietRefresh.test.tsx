import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from '@accent/shared/client';
import { useQuery } from '@accent/shared/ui';
import { useQuietRefresh } from './useQuietRefresh.js';

/** A read whose answers the test gives, one at a time, in any order. */
function controlledRead() {
  const pending: { resolve: (v: string[]) => void; reject: (e: unknown) => void }[] = [];
  const read = jest.fn(() => new Promise<string[]>((resolve, reject) => pending.push({ resolve, reject })));
  return { read, pending };
}

function useRefreshed(read: () => Promise<string[]>) {
  const query = useQuery(['test', 'quiet-refresh'], read);
  return { query, refresh: useQuietRefresh(query, read) };
}

afterEach(() => {
  jest.restoreAllMocks();
  toast.clear();
});

describe('useQuietRefresh', () => {
  it('keeps the data shown while it reads again, then shows the answer', async () => {
    const { read, pending } = controlledRead();
    const { result } = renderHook(() => useRefreshed(read));
    await act(async () => pending[0]!.resolve(['a']));
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['a'] });

    let done = false;
    act(() => void result.current.refresh().then(() => (done = true)));
    expect(read).toHaveBeenCalledTimes(2);
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['a'] });
    expect(done).toBe(false);
    await act(async () => pending[1]!.resolve(['a', 'b']));
    expect(done).toBe(true);
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['a', 'b'] });
  });

  it('keeps the data when the read fails and says so in a toast', async () => {
    const error = jest.spyOn(toast, 'error');
    const { read, pending } = controlledRead();
    const { result } = renderHook(() => useRefreshed(read));
    await act(async () => pending[0]!.resolve(['a']));

    let refreshed!: Promise<void>;
    act(() => {
      refreshed = result.current.refresh();
    });
    await act(async () => pending[1]!.reject(new Error('HTTP 502: Bad Gateway')));
    await expect(refreshed).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith('Could not refresh', 'HTTP 502: Bad Gateway');
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['a'] });
  });

  it('drops the answer of a refresh that a later one superseded', async () => {
    const error = jest.spyOn(toast, 'error');
    const { read, pending } = controlledRead();
    const { result } = renderHook(() => useRefreshed(read));
    await act(async () => pending[0]!.resolve(['first']));

    act(() => {
      void result.current.refresh();
      void result.current.refresh();
    });
    await act(async () => pending[2]!.resolve(['newest']));
    await act(async () => pending[1]!.resolve(['older']));
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['newest'] });

    // a superseded failure is not news either
    act(() => {
      void result.current.refresh();
      void result.current.refresh();
    });
    await act(async () => pending[4]!.resolve(['latest']));
    await act(async () => pending[3]!.reject(new Error('late')));
    expect(error).not.toHaveBeenCalled();
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['latest'] });
  });

  it('before anything is shown, reads again through the query so an earlier answer cannot land last', async () => {
    const { read, pending } = controlledRead();
    const { result } = renderHook(() => useRefreshed(read));
    expect(result.current.query.status).toBe('loading');
    await act(() => result.current.refresh());
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    await act(async () => pending[1]!.resolve(['after the change']));
    await act(async () => pending[0]!.resolve(['before the change']));
    expect(result.current.query).toMatchObject({ status: 'ready', data: ['after the change'] });
  });
});
