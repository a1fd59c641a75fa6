import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useVersionHistory, type VersionHistoryOptions } from './useVersionHistory.js';

interface V {
  n: number;
}

function History({ id, options }: { id: string; options: Omit<VersionHistoryOptions<V>, 'numberOf' | 'describeError'> }) {
  const h = useVersionHistory<V>([id], { ...options, numberOf: (v) => v.n, describeError: (e) => `failed: ${(e as Error).message}` });
  if (h.loadError)
    return (
      <button type="button" onClick={() => void h.reload()}>
        {h.loadError}
      </button>
    );
  if (!h.versions) return <p>loading</p>;
  return (
    <div>
      <p>versions {h.versions.map((v) => v.n).join(',')}</p>
      <p>newest {h.newest}</p>
      <p>pair {h.pair ? h.pair.join('-') : 'none'}</p>
      <button type="button" onClick={() => h.pick(0, 1)}>
        pick 1
      </button>
      <button type="button" onClick={() => h.askRestore(1)}>
        restore 1
      </button>
      <ConfirmDialog title={`Restore ${h.restoring}?`} message="sure" {...h.restoreDialog} />
    </div>
  );
}

describe('useVersionHistory', () => {
  it('compares the newest two, keeps a chosen pair still listed, restores after confirmation and reads again', async () => {
    let list: V[] = [{ n: 3 }, { n: 2 }, { n: 1 }];
    const restore = jest.fn(async (n: number) => {
      list = [{ n: list.length + 1 }, ...list];
      expect(n).toBe(1);
    });
    render(<History id="a" options={{ load: async () => list, restore, onRestoreError: () => {} }} />);
    expect(await screen.findByText('pair 2-3')).toBeInTheDocument();
    expect(screen.getByText('newest 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'pick 1' }));
    expect(screen.getByText('pair 1-3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'restore 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('versions 4,3,2,1')).toBeInTheDocument();
    expect(restore).toHaveBeenCalledTimes(1);
    // the chosen pair is still listed, so it stays; the dialog is closed
    expect(screen.getByText('pair 1-3')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with newestAfterRestore compares the newest two again; one version alone is compared only with compareSingle', async () => {
    let list: V[] = [{ n: 1 }];
    const { unmount } = render(<History id="b" options={{ load: async () => list, restore: async () => {}, onRestoreError: () => {} }} />);
    expect(await screen.findByText('pair none')).toBeInTheDocument();
    unmount();
    render(
      <History
        id="c"
        options={{
          load: async () => list,
          compareSingle: true,
          newestAfterRestore: true,
          restore: async () => {
            list = [{ n: 2 }, ...list];
          },
          onRestoreError: () => {},
        }}
      />,
    );
    expect(await screen.findByText('pair 1-1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'restore 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('pair 1-2')).toBeInTheDocument();
  });

  it('says a failed read (Retry reads again) and hands a failed restore to onRestoreError', async () => {
    let fail = true;
    const onRestoreError = jest.fn();
    render(
      <History
        id="d"
        options={{
          load: async () => {
            if (fail) throw new Error('offline');
            return [{ n: 2 }, { n: 1 }];
          },
          restore: async () => {
            throw new Error('refused');
          },
          onRestoreError,
        }}
      />,
    );
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'failed: offline' }));
    expect(await screen.findByText('versions 2,1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'restore 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onRestoreError).toHaveBeenCalledWith(new Error('refused')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
