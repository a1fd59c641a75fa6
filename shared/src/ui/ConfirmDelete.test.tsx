import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDeleteDialog, useConfirmDelete } from './ConfirmDelete.js';

interface Item {
  id: string;
  name: string;
}

function List({ remove, failed = () => {} }: { remove: (item: Item) => Promise<unknown>; failed?: (item: Item, err: unknown) => void }) {
  const [items, setItems] = useState<Item[]>([
    { id: '1', name: 'Scout' },
    { id: '2', name: 'Writer' },
  ]);
  const del = useConfirmDelete<Item>({ remove, deleted: (item) => setItems((list) => list.filter((i) => i.id !== item.id)), failed });
  return (
    <>
      <ul aria-label="Items">
        {items.map((item) => (
          <li key={item.id}>
            {item.name}
            <button type="button" onClick={() => del.ask(item)}>{`Delete ${item.name}`}</button>
          </li>
        ))}
      </ul>
      <ConfirmDeleteDialog state={del} title="Delete item" message={(item) => `Delete "${item.name}"? This cannot be undone.`} />
    </>
  );
}

describe('useConfirmDelete with ConfirmDeleteDialog', () => {
  it('asks about the item, deletes it on Delete (busy meanwhile) and drops it from the list', async () => {
    let finish = () => {};
    const remove = jest.fn((_item: Item) => new Promise<void>((resolve) => (finish = resolve)));
    render(<List remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Writer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete item' });
    expect(dialog).toHaveTextContent('Delete "Writer"? This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledWith({ id: '2', name: 'Writer' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Items' })).not.toHaveTextContent('Writer');
  });

  it('keeps the item and reports a failed delete', async () => {
    const failure = new Error('offline');
    const failed = jest.fn();
    render(<List remove={() => Promise.reject(failure)} failed={failed} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Scout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(failed).toHaveBeenCalledWith({ id: '1', name: 'Scout' }, failure);
    expect(screen.getByRole('list', { name: 'Items' })).toHaveTextContent('Scout');
  });

  it('closes on Cancel without deleting', async () => {
    const remove = jest.fn(async () => {});
    render(<List remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Scout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
  });
});
