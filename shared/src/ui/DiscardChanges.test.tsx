import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDiscardChanges } from './DiscardChanges.js';

function Editor({ dirty, leave }: { dirty: boolean; leave: () => void }) {
  const { back, dialog } = useDiscardChanges({ dirty, leave, message: 'Your edits will be lost.' });
  return (
    <>
      <button type="button" onClick={back}>
        Back
      </button>
      {dialog}
    </>
  );
}

describe('useDiscardChanges', () => {
  it('leaves at once without unsaved changes', async () => {
    const leave = jest.fn();
    render(<Editor dirty={false} leave={leave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first with unsaved changes: Keep editing stays, Discard changes leaves', async () => {
    const leave = jest.fn();
    render(<Editor dirty leave={leave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(within(dialog).getByText('Your edits will be lost.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(leave).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    expect(leave).toHaveBeenCalledTimes(1);
  });
});
