import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, toast } from '@accent/shared/client';
import type { ApiKey, ApiKeyCreateRequest } from '@accent/shell-common';
import { MEMBER, renderWithProviders, testSession } from '../app/testing.js';
import { ApiKeysSection } from './ApiKeysSection.js';
import { API_KEYS_TEXTS as T } from './ApiKeysManager.js';
import type { ApiKeysApi } from './api-keys-api.js';

const session = testSession();
beforeAll(() => session.signIn(MEMBER));
afterAll(() => session.stop());
afterEach(() => toast.clear());

const row = (id: string, extra: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: `Key ${id}`,
  kind: 'personal',
  prefix: `acs_${id}abc`,
  scopes: ['agents:invoke'],
  owner_email: MEMBER.email,
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  revoked_at: null,
  ...extra,
});

function fakeKeysApi(initial: ApiKey[]) {
  let keys = initial;
  return {
    list: jest.fn(async () => keys),
    create: jest.fn(async (body: ApiKeyCreateRequest) => {
      if (body.name === 'taken') throw new ApiError(409, 'Conflict', 'You already have 50 API keys.');
      const made = { ...row('new'), name: body.name, scopes: [...body.scopes] };
      keys = [made, ...keys];
      return { ...made, key: 'acs_the-whole-secret-key' };
    }),
    revoke: jest.fn(async (id: string) => {
      keys = keys.map((k) => (k.id === id ? { ...k, revoked_at: '2026-11-21T10:00:00.000Z' } : k));
    }),
  } satisfies ApiKeysApi;
}

describe('Profile → API keys', () => {
  it('lists keys by prefix and makes one, showing the key once; a member is not offered the admin scope', async () => {
    const api = fakeKeysApi([row('k1', { last_used_at: '2026-11-22T10:00:00.000Z' })]);
    await renderWithProviders(<ApiKeysSection keysApi={api} />, '/profile');
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('acs_k1abc…')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.newKey }));
    const dialog = screen.getByRole('dialog', { name: T.newKey });
    expect(within(dialog).queryByRole('checkbox', { name: /^admin:/ })).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI');
    await userEvent.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.needScope);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^flows:run:/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: T.create }));
    expect(api.create).toHaveBeenCalledWith({ name: 'CI', scopes: ['flows:run'], expires_at: null });
    const shown = await screen.findByRole('dialog', { name: T.createdTitle });
    expect(within(shown).getByTestId('new-api-key')).toHaveTextContent('acs_the-whole-secret-key');
    await userEvent.click(within(shown).getByRole('button', { name: T.done }));
    expect(screen.queryByText('acs_the-whole-secret-key')).not.toBeInTheDocument();
    expect(await screen.findByText('acs_newabc…')).toBeInTheDocument();
  });

  it("says the server's refusal in the dialog, and revokes after confirming", async () => {
    const api = fakeKeysApi([row('k1')]);
    await renderWithProviders(<ApiKeysSection keysApi={api} />, '/profile');
    await userEvent.click(await screen.findByRole('button', { name: T.newKey }));
    const dialog = screen.getByRole('dialog', { name: T.newKey });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'taken');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^agents:read:/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: T.create }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have 50 API keys.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));

    await userEvent.click(screen.getByRole('button', { name: `${T.revoke}: Key k1` }));
    await userEvent.click(within(screen.getByRole('dialog', { name: T.revokeTitle('Key k1') })).getByRole('button', { name: T.revoke }));
    expect(api.revoke).toHaveBeenCalledWith('k1');
    await waitFor(() => expect(screen.queryByRole('button', { name: `${T.revoke}: Key k1` })).not.toBeInTheDocument());
    expect(screen.getByText(T.revoked)).toBeInTheDocument();
  });
});
