import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@accent/shared/client';
import { fakeAdminApi, renderAdmin, signedInAdmin } from './testing.js';
import { OWN_ROW_HINT } from './UsersPanel.js';

signedInAdmin();

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

async function openAddUser() {
  const { admin } = await renderAdmin('?tab=users');
  await screen.findByRole('table', { name: 'Users' });
  await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
  return { dialog: screen.getByRole('dialog', { name: 'Add user' }), admin };
}

describe('Users: list', () => {
  it('shows every user with email, title, role, team, status and creation date', async () => {
    await renderAdmin('?tab=users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Title', 'Role', 'Team', 'Status', 'Created', 'Actions']);
    const bob = rowOf('Bob Builder');
    expect(cellTexts(bob).slice(0, 2)).toEqual(['bob@accent.local', 'Solutions engineer']);
    // an email is kept whole on one line (never broken mid-word); a long one ends in … with the full text as its title
    const email = within(bob).getByText('bob@accent.local');
    expect(email).toHaveClass('email');
    expect(email).toHaveAttribute('title', 'bob@accent.local');
    expect(email.closest('td')).not.toHaveClass('breakable');
    expect(within(bob).getByRole('combobox', { name: 'Role of Bob Builder' })).toHaveDisplayValue('Builder');
    expect(within(bob).getByRole('combobox', { name: 'Team of Bob Builder' })).toHaveDisplayValue('Sales');
    expect(within(bob).getByText('Active')).toBeInTheDocument();
    expect(within(bob).getByText(/Feb 1, 2025/)).toBeInTheDocument();
    expect(within(rowOf('Max Member')).getByRole('combobox', { name: 'Role of Max Member' })).toHaveDisplayValue('End User');
  });

  it('disables demoting and deactivating your own row, with a hint', async () => {
    await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    const own = rowOf('Ada Lovelace');
    expect(within(own).getByText('you')).toBeInTheDocument();
    const role = within(own).getByRole('combobox', { name: 'Role of Ada Lovelace' });
    const deactivate = within(own).getByRole('button', { name: 'Deactivate Ada Lovelace' });
    expect(role).toBeDisabled();
    expect(deactivate).toBeDisabled();
    expect(role).toHaveAccessibleDescription(OWN_ROW_HINT);
    expect(deactivate).toHaveAccessibleDescription(OWN_ROW_HINT);
    // the team of your own row may change
    expect(within(own).getByRole('combobox', { name: 'Team of Ada Lovelace' })).toBeEnabled();
    expect(within(rowOf('Bob Builder')).getByRole('button', { name: 'Deactivate Bob Builder' })).toBeEnabled();
  });

  it('shows an error with Retry', async () => {
    const admin = fakeAdminApi();
    admin.listUsers.mockRejectedValueOnce(new ApiError(500, 'Internal Server Error', 'Database unavailable'));
    await renderAdmin('?tab=users', { admin });
    expect(await screen.findByText('Could not load users: HTTP 500: Database unavailable')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(admin.listUsers).toHaveBeenCalledTimes(2);
  });

  it('shows an empty state', async () => {
    await renderAdmin('?tab=users', { admin: fakeAdminApi({ users: [] }) });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
  });
});

describe('Users: add user', () => {
  it('validates with the shared schema before sending', async () => {
    const { dialog, admin } = await openAddUser();
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^Initial password/), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription('Name is required');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address');
    expect(within(dialog).getByLabelText(/^Initial password/)).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    expect(admin.createUser).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const { dialog } = await openAddUser();
    const password = within(dialog).getByLabelText(/^Initial password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(within(dialog).getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('creates the user, adds the row and says so', async () => {
    const { admin } = await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Carla Closer');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'carla@accent.local');
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Account executive');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Builder');
    await userEvent.selectOptions(within(dialog).getByLabelText('Team'), 'Sales');
    await userEvent.type(within(dialog).getByLabelText(/^Initial password/), 'welcome-carla');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(admin.createUser).toHaveBeenCalledWith({
      name: 'Carla Closer',
      email: 'carla@accent.local',
      title: 'Account executive',
      role: 'builder',
      team: 'sales',
      password: 'welcome-carla',
    });
    expect(screen.getByText('User added')).toBeInTheDocument();
    const row = rowOf('Carla Closer');
    expect(within(row).getByRole('combobox', { name: 'Role of Carla Closer' })).toHaveDisplayValue('Builder');
    // sorted by email like the server: bob, carla, max
    const names = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual(['Ada Lovelaceyou', 'Bob Builder', 'Carla Closer', 'Max Member']);
  });

  it('shows a duplicate email next to the field and keeps the form', async () => {
    const { dialog } = await openAddUser();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Bob Again');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'BOB@accent.local');
    await userEvent.type(within(dialog).getByLabelText(/^Initial password/), 'longenough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    const email = within(dialog).getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('A user with email bob@accent.local already exists.'));
    expect(email).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Bob Again');
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  });

  it('shows any other server error above the buttons', async () => {
    const admin = fakeAdminApi();
    admin.createUser.mockRejectedValueOnce(new ApiError(503, 'Service Unavailable', 'Try again later'));
    await renderAdmin('?tab=users', { admin });
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = screen.getByRole('dialog', { name: 'Add user' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Dora');
    await userEvent.type(within(dialog).getByLabelText(/^Email/), 'dora@accent.local');
    await userEvent.type(within(dialog).getByLabelText(/^Initial password/), 'longenough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('HTTP 503: Try again later');
  });
});

describe('Users: changes', () => {
  it('changes a role inline and confirms with a toast', async () => {
    const { admin } = await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Max Member' }), 'Administrator');
    expect(admin.updateUser).toHaveBeenCalledWith('u-max', { role: 'admin' });
    expect(await screen.findByText('Max Member is now Administrator.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Max Member' })).toHaveDisplayValue('Administrator');
  });

  it('shows a role change at once, while the server has not answered yet', async () => {
    const admin = fakeAdminApi();
    const store = admin.updateUser.getMockImplementation()!;
    let answer!: () => void;
    admin.updateUser.mockImplementationOnce((id, changes) => new Promise((resolve) => (answer = () => resolve(store(id, changes)))));
    await renderAdmin('?tab=users', { admin });
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Max Member' }), 'Builder');
    expect(screen.getByRole('combobox', { name: 'Role of Max Member' })).toHaveDisplayValue('Builder');
    expect(screen.getByRole('combobox', { name: 'Role of Max Member' })).toBeDisabled();
    expect(rowOf('Max Member')).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByText('Max Member is now Builder.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of Max Member' })).toBeEnabled();
    expect(admin.listUsers).toHaveBeenCalledTimes(1);
  });

  it('puts the role back when the server refuses', async () => {
    const admin = fakeAdminApi();
    admin.updateUser.mockRejectedValueOnce(new ApiError(403, 'Forbidden', 'Only administrators can do this.'));
    await renderAdmin('?tab=users', { admin });
    await screen.findByRole('table', { name: 'Users' });
    const role = screen.getByRole('combobox', { name: 'Role of Bob Builder' });
    await userEvent.selectOptions(role, 'End User');
    expect(await screen.findByText('Could not update Bob Builder')).toBeInTheDocument();
    expect(screen.getByText('HTTP 403: Only administrators can do this.')).toBeInTheDocument();
    expect(role).toHaveDisplayValue('Builder');
    expect(role).toBeEnabled();
  });

  it('changes and clears a team', async () => {
    const { admin } = await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team of Bob Builder' }), 'Marketing');
    expect(await screen.findByText('Bob Builder is now in Marketing.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team of Bob Builder' }), 'No team');
    expect(await screen.findByText('Bob Builder is no longer in a team.')).toBeInTheDocument();
    expect(admin.updateUser.mock.calls).toEqual([
      ['u-bob', { team: 'marketing' }],
      ['u-bob', { team: null }],
    ]);
  });

  it('deactivates only after confirmation, then reactivates', async () => {
    const { admin } = await renderAdmin('?tab=users');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bob Builder' }));
    let dialog = screen.getByRole('dialog', { name: 'Deactivate Bob Builder?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(admin.updateUser).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Deactivate Bob Builder' }));
    dialog = screen.getByRole('dialog', { name: 'Deactivate Bob Builder?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(admin.updateUser).toHaveBeenCalledWith('u-bob', { active: false });
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(within(rowOf('Bob Builder')).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Bob Builder' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reactivate Bob Builder?' })).getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('User reactivated')).toBeInTheDocument();
    expect(within(rowOf('Bob Builder')).getByText('Active')).toBeInTheDocument();
  });
});
