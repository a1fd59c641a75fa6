import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Modal } from './Modal.js';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <button type="button">Outside</button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Settings"
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <input aria-label="Name" />
        <input aria-label="Description" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a modal dialog labelled by its title, focused on its first field', async () => {
    const ui = userEvent.setup();
    render(<Harness />);
    await ui.click(screen.getByRole('button', { name: 'Open settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const ui = userEvent.setup();
    render(<Harness />);
    await ui.click(screen.getByRole('button', { name: 'Open settings' }));
    await ui.tab();
    expect(screen.getByLabelText('Description')).toHaveFocus();
    await ui.tab();
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
    await ui.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await ui.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = jest.fn();
    const ui = userEvent.setup();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await ui.click(opener);
    await ui.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from the close button, and renders nothing when closed', async () => {
    const ui = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Open settings' }));
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  const message = 'Are you sure you want to delete "Lead Qualifier"? This action cannot be undone.';

  it('confirms and cancels; a danger dialog starts on Cancel', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    const ui = userEvent.setup();
    render(<ConfirmDialog open title="Delete agent" message={message} confirmLabel="Delete" danger onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Delete agent' })).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await ui.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await ui.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be dismissed while busy', async () => {
    const onCancel = jest.fn();
    const ui = userEvent.setup();
    render(<ConfirmDialog open busy title="Delete agent" message={message} confirmLabel="Delete" danger onConfirm={() => {}} onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).not.toHaveBeenCalled();
  });
});

describe('Modal inside a clickable parent', () => {
  it('keeps its clicks and keys from reaching the parent (React bubbles through portals)', async () => {
    const onCardClick = jest.fn();
    const onCardKey = jest.fn();
    const ui = userEvent.setup();
    render(
      <div onClick={onCardClick} onKeyDown={onCardKey}>
        <Modal open onClose={() => {}} title="Edit">
          <input aria-label="Name" />
        </Modal>
      </div>,
    );
    await ui.click(screen.getByLabelText('Name'));
    await ui.keyboard('a{Enter}');
    expect(onCardClick).not.toHaveBeenCalled();
    expect(onCardKey).not.toHaveBeenCalled();
  });
});
