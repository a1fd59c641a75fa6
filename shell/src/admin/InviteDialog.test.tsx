// Admin → Users → Invite user and Pending invitations, and Admin → Settings → Self sign-up, against an
// in-memory invitations API that answers like the server.
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITATION_MESSAGES } from '@accent/shell-common';
import { INVITE_TEXTS } from './InviteDialog.js';
import { fakeInvitationsApi, pendingInvitation } from './invitations-testing.js';
import { SIGN_UP_TEXTS } from './SignUpDomainsPanel.js';
import { renderAdmin, signedInAdmin } from './testing.js';

signedInAdmin();

async function openInvite(invitations = fakeInvitationsApi()) {
  await renderAdmin('?tab=users', { invitations });
  await screen.findByRole('table', { name: 'Users' });
  await userEvent.click(screen.getByRole('button', { name: 'Invite user' }));
  return screen.getByRole('dialog', { name: 'Invite user' });
}

describe('Users → Invite user', () => {
  it('sends an invitation with email, role and team, and lists it as pending', async () => {
    const invitations = fakeInvitationsApi();
    const dialog = await openInvite(invitations);
    expect(await within(dialog).findByText(INVITE_TEXTS.lead)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Builder');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Team' }), 'Marketing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(invitations.invite).toHaveBeenCalledWith({ email: 'pat@example.com', role: 'builder', team: 'marketing' });
    expect(await screen.findByText(INVITE_TEXTS.sent)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument();
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    const row = within(pending).getByRole('row', { name: /pat@example\.com/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Builder', 'Marketing', expect.stringMatching(/^Pending until /), 'ada@accent.local', 'ResendRevoke']);
  });

  it('checks the address before sending, and shows a member or pending refusal at the field', async () => {
    const dialog = await openInvite(fakeInvitationsApi({ members: ['bob@accent.local'] }));
    const email = within(dialog).getByRole('textbox', { name: /Email/ });
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(email).toHaveFocus();
    await userEvent.clear(email);
    await userEvent.type(email, 'bob@accent.local');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('A user with email bob@accent.local already exists.')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('A user with email bob@accent.local already exists.');
  });

  it('says when the server cannot send email, and does not let it be sent', async () => {
    const invitations = fakeInvitationsApi({ emailConfigured: false });
    const dialog = await openInvite(invitations);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(INVITE_TEXTS.noEmail);
    expect(within(dialog).getByRole('button', { name: 'Send invitation' })).toBeDisabled();
    expect(invitations.invite).not.toHaveBeenCalled();
  });

  it('shows a pending-invitation refusal at the email field', async () => {
    const dialog = await openInvite(fakeInvitationsApi({ invitations: [pendingInvitation()] }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'pat@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(INVITATION_MESSAGES.alreadyPending('pat@example.com'))).toBeInTheDocument();
  });
});

describe('Users → Pending invitations', () => {
  const listed = () =>
    fakeInvitationsApi({
      invitations: [pendingInvitation(), pendingInvitation({ id: 'inv-2', email: 'old@example.com', role: 'member', team: null, status: 'expired' })],
    });

  it('shows expired ones and resends them', async () => {
    const invitations = listed();
    await renderAdmin('?tab=users', { invitations });
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    const old = within(pending).getByRole('row', { name: /old@example\.com/ });
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    await userEvent.click(within(old).getByRole('button', { name: 'Resend the invitation to old@example.com' }));
    expect(invitations.resend).toHaveBeenCalledWith('inv-2');
    expect(await screen.findByText('Invitation sent again')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(within(pending).getByRole('row', { name: /old@example\.com/ })).getByText(/^Pending until /)).toBeInTheDocument(),
    );
  });

  it('revokes after a confirmation', async () => {
    const invitations = listed();
    await renderAdmin('?tab=users', { invitations });
    const pending = await screen.findByRole('table', { name: 'Pending invitations' });
    await userEvent.click(within(pending).getByRole('button', { name: 'Revoke the invitation to pat@example.com' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke the invitation to pat@example.com?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(invitations.revoke).toHaveBeenCalledWith('inv-1');
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(pending).queryByRole('row', { name: /pat@example\.com/ })).not.toBeInTheDocument());
  });

  it('marks the user a My Team manage link points at', async () => {
    await renderAdmin('?tab=users&user=u-bob');
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByRole('row', { name: /Bob Builder/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('row', { name: /Max Member/ })).not.toHaveAttribute('aria-current');
  });
});

describe('Settings → Self sign-up', () => {
  it('saves the allowed domains one per line, and says a refused line', async () => {
    const invitations = fakeInvitationsApi({ domains: ['acme.example'] });
    await renderAdmin('?tab=settings', { invitations });
    const field = await screen.findByRole('textbox', { name: SIGN_UP_TEXTS.label });
    expect(field).toHaveValue('acme.example');
    await userEvent.type(field, '{enter}@bad.example');
    await userEvent.click(screen.getByRole('button', { name: SIGN_UP_TEXTS.save }));
    expect(field).toHaveAccessibleDescription('Line 2: must be a domain such as example.com (no @, no wildcard)');
    await userEvent.clear(field);
    await userEvent.type(field, 'ACME.example{enter}partner.example');
    await userEvent.click(screen.getByRole('button', { name: SIGN_UP_TEXTS.save }));
    expect(invitations.putSignUpDomains).toHaveBeenLastCalledWith(['ACME.example', 'partner.example']);
    expect(await screen.findByText(SIGN_UP_TEXTS.saved)).toBeInTheDocument();
    expect(field).toHaveValue('acme.example\npartner.example');
  });

  it('shows each domain as verified or with the DNS TXT record to add, and verifies it when the record is there', async () => {
    const invitations = fakeInvitationsApi({ domains: ['acme.example', 'partner.example'], verified: ['acme.example'] });
    await renderAdmin('?tab=settings', { invitations });
    const list = await screen.findByRole('list', { name: SIGN_UP_TEXTS.verificationTitle });
    expect(within(list).getByText(/^acme\.example: verified by its DNS record on /)).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: SIGN_UP_TEXTS.verify('acme.example') })).toBeNull();
    expect(within(list).getByText(SIGN_UP_TEXTS.pending('partner.example'))).toBeInTheDocument();
    const { record } = (await invitations.api.getSignUpDomains()).verification[1];
    expect(within(list).getByText(record)).toBeInTheDocument();

    // not there yet: the server's sentence at the button
    const verify = within(list).getByRole('button', { name: SIGN_UP_TEXTS.verify('partner.example') });
    await userEvent.click(verify);
    expect(await within(list).findByRole('alert')).toHaveTextContent(
      `No TXT record "${record}" was found at partner.example (the domain has no TXT records).`,
    );
    expect(verify).toHaveAccessibleDescription(/No TXT record/);

    invitations.dns['partner.example'] = [record];
    await userEvent.click(verify);
    expect(await screen.findByText(SIGN_UP_TEXTS.verified('partner.example'))).toBeInTheDocument();
    expect(within(list).getByText(/^partner\.example: verified by its DNS record on /)).toBeInTheDocument();
    expect(within(list).queryByRole('alert')).toBeNull();
    expect(invitations.verifySignUpDomain).toHaveBeenCalledWith('partner.example');
  });

  it('says sign-up cannot work while the server sends no email', async () => {
    await renderAdmin('?tab=settings', { invitations: fakeInvitationsApi({ emailConfigured: false }) });
    expect(await screen.findByText(SIGN_UP_TEXTS.noEmail)).toBeInTheDocument();
  });
});
