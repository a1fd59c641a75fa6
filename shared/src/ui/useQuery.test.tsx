import { describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { deferred } from './testing/renderWithSession.js';
import { invalidateQueries, useMutation, useQuery } from './useQuery.js';

function Show({ id, load }: { id: string; load: (id: string) => Promise<string> }) {
  const q = useQuery(['items', id], () => load(id));
  if (q.status === 'loading') return <p>loading</p>;
  if (q.status === 'error')
    return (
      <button type="button" onClick={q.reload}>
        retry {String((q.error as Error).message)}
      </button>
    );
  return <p>data {q.data}</p>;
}

describe('useQuery', () => {
  it('goes loading → data, and an error offers a retry that reads again', async () => {
    const answers = [Promise.reject(new Error('offline')), Promise.resolve('second')];
    let calls = 0;
    render(<Show id="a" load={() => answers[calls++]!} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'retry offline' }));
    expect(await screen.findByText('data second')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('drops an answer for a key the screen has left', async () => {
    const slow = deferred<string>();
    const fast = deferred<string>();
    const load = (id: string) => (id === 'a' ? slow.promise : fast.promise);
    const { rerender } = render(<Show id="a" load={load} />);
    rerender(<Show id="b" load={load} />);
    await act(async () => fast.resolve('for b'));
    expect(screen.getByText('data for b')).toBeInTheDocument();
    await act(async () => slow.resolve('for a'));
    expect(screen.getByText('data for b')).toBeInTheDocument();
  });

  it('a mutation invalidates the keys it names: mounted queries read again, keeping their data shown meanwhile', async () => {
    let version = 1;
    const next = deferred<string>();
    function Screen() {
      const [saved, setSaved] = useState('');
      const save = useMutation(async (name: string) => name.toUpperCase(), { invalidates: [['items']], onSuccess: setSaved });
      return (
        <>
          <Show id="a" load={() => (version === 1 ? Promise.resolve('v1') : next.promise)} />
          <button type="button" onClick={() => void save.run('ok')} disabled={save.pending}>
            save
          </button>
          <p>saved {saved}</p>
        </>
      );
    }
    render(<Screen />);
    expect(await screen.findByText('data v1')).toBeInTheDocument();
    version = 2;
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('saved OK')).toBeInTheDocument();
    expect(screen.getByText('data v1')).toBeInTheDocument();
    await act(async () => next.resolve('v2'));
    expect(screen.getByText('data v2')).toBeInTheDocument();
  });

  it('keeps a failed mutation error and rejects its run', async () => {
    let seen: unknown = null;
    function Screen() {
      const remove = useMutation(async () => {
        throw new Error('refused');
      });
      return (
        <>
          <button type="button" onClick={() => remove.run(undefined).catch((e: unknown) => (seen = e))}>
            delete
          </button>
          {remove.error instanceof Error && <p role="alert">{remove.error.message}</p>}
        </>
      );
    }
    render(<Screen />);
    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('refused');
    await waitFor(() => expect(seen).toBeInstanceOf(Error));
  });

  it('invalidating a key nobody shows does nothing', () => {
    expect(() => invalidateQueries(['nothing'])).not.toThrow();
  });
});
