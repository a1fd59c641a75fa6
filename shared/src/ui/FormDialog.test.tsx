import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormDialog } from './FormDialog.js';
import { TextField } from './TextField.js';

describe('FormDialog', () => {
  it('is a dialog whose footer button submits its form, and shows an error about the whole form as an alert', async () => {
    const ui = userEvent.setup();
    const onSubmit = jest.fn();
    render(
      <FormDialog title="Add user" submitLabel="Add user" onSubmit={onSubmit} onClose={() => {}} error="The server is down.">
        <TextField label="Name" name="name" required />
      </FormDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('The server is down.');
    // noValidate by default: the form's own checks run, not the browser's
    await ui.click(screen.getByRole('button', { name: 'Add user' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await ui.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(dialog).toBeInTheDocument();
  });

  it('cannot be closed or sent again while busy', async () => {
    const ui = userEvent.setup();
    const onSubmit = jest.fn();
    const onClose = jest.fn();
    render(
      <FormDialog title="Rename" submitLabel="Rename" cancelLabel="Not now" onSubmit={onSubmit} onClose={onClose} busy>
        <TextField label="Name" />
      </FormDialog>,
    );
    expect(screen.getByRole('button', { name: 'Not now' })).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    await ui.keyboard('{Escape}');
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes with Cancel when idle, and a disabled submit says why', async () => {
    const ui = userEvent.setup();
    const onClose = jest.fn();
    render(
      <FormDialog title="Move" submitLabel="Move" onSubmit={() => {}} onClose={onClose} submitDisabled submitDescribedBy="why">
        <p id="why">Already here.</p>
      </FormDialog>,
    );
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move' })).toHaveAccessibleDescription('Already here.');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
