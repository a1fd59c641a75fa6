import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrimitiveAtom } from 'jotai';
import { useState } from 'react';
import type { User } from '@accent/shared';
import { getStore, sessionAtom, type Session } from '../client/index.js';
import { DRAFT_KEY_PREFIX, DRAFT_MAX_AGE_MS, withoutSecrets } from '../client/drafts.js';
import { EDITOR_DRAFT_TEXTS, useEditorDraft } from './EditorDraft.js';

const writableSession = sessionAtom as unknown as PrimitiveAtom<Session | null>;

function person(user_id: string, library_id = 'lib-1'): User {
  return {
    user_id,
    library_id,
    account_id: 'a',
    env_name: 'lo-n02',
    email: `${user_id}@example.com`,
    name: user_id,
    title: '',
    role: 'builder',
    web_client_url: '',
  };
}
const signIn = (user: User) => act(() => getStore().set(writableSession, { user, token: 't', expiresAt: Date.now() + 3_600_000 }));
const signOut = () => act(() => getStore().set(writableSession, null));

interface Form {
  name: string;
  apiKey: string;
  model: { max_tokens: number; headers: Record<string, string> };
}
const SAVED: Form = { name: 'Saved name', apiKey: '', model: { max_tokens: 100, headers: {} } };

/** A small editor: one field, Save makes the value the saved one. */
function Editor({ id = 'agent-1' }: { id?: string }) {
  const [saved, setSaved] = useState(SAVED);
  const [form, setForm] = useState(SAVED);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const { banner } = useEditorDraft({ editor: 'agent', id, value: () => form, dirty, ready: true, restore: setForm });
  return (
    <>
      {banner}
      <label>
        Name
        <input value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </label>
      <button
        type="button"
        onClick={() =>
          setForm({ ...form, apiKey: 'sk-live-123', model: { max_tokens: 999, headers: { Authorization: 'Bearer abc', Accept: 'json' } } })
        }
      >
        Fill secrets
      </button>
      <button type="button" onClick={() => setSaved(form)}>
        Save
      </button>
    </>
  );
}

const stored = () => Object.keys(localStorage).filter((k) => k.startsWith(DRAFT_KEY_PREFIX));
const offer = () => screen.queryByRole('region', { name: EDITOR_DRAFT_TEXTS.region });

describe('useEditorDraft', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    getStore().set(writableSession, null);
  });

  it('keeps a dirty editor’s value when the session ends and offers it back to the same person only; Restore brings it back', async () => {
    const user = userEvent.setup();
    signIn(person('ada'));
    const first = render(<Editor />);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Edited before sign-out');
    await user.click(screen.getByRole('button', { name: 'Fill secrets' }));
    signOut();
    first.unmount();
    expect(stored()).toHaveLength(1);
    // no secret reaches the browser's storage; ordinary settings do
    const raw = localStorage.getItem(stored()[0]!) ?? '';
    expect(raw).not.toContain('sk-live-123');
    expect(raw).not.toContain('Bearer abc');
    expect(raw).toContain('"max_tokens":999');

    // someone else on this browser, or the same person in another library, is not offered it
    signIn(person('bob'));
    const other = render(<Editor />);
    expect(offer()).toBeNull();
    other.unmount();
    signIn(person('ada', 'lib-2'));
    const otherLibrary = render(<Editor />);
    expect(offer()).toBeNull();
    otherLibrary.unmount();

    signIn(person('ada'));
    render(<Editor />);
    expect(screen.getByLabelText('Name')).toHaveValue('Saved name');
    await user.click(within(offer()!).getByRole('button', { name: EDITOR_DRAFT_TEXTS.restore }));
    expect(screen.getByLabelText('Name')).toHaveValue('Edited before sign-out');
    expect(offer()).toBeNull();
    expect(stored()).toHaveLength(0);
  });

  it('Discard drops the draft; a clean editor keeps nothing; Save drops a draft still offered', async () => {
    const user = userEvent.setup();
    signIn(person('ada'));
    const clean = render(<Editor />);
    signOut();
    clean.unmount();
    expect(stored()).toHaveLength(0);

    signIn(person('ada'));
    const dirty = render(<Editor />);
    await user.type(screen.getByLabelText('Name'), ' 2');
    signOut();
    dirty.unmount();
    signIn(person('ada'));
    const discarding = render(<Editor />);
    await user.click(within(offer()!).getByRole('button', { name: EDITOR_DRAFT_TEXTS.discard }));
    expect(screen.getByLabelText('Name')).toHaveValue('Saved name');
    expect(stored()).toHaveLength(0);
    discarding.unmount();

    const again = render(<Editor />);
    await user.type(screen.getByLabelText('Name'), ' 3');
    signOut();
    again.unmount();
    signIn(person('ada'));
    render(<Editor />);
    expect(offer()).not.toBeNull();
    await user.type(screen.getByLabelText('Name'), ' typed anew');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(offer()).toBeNull();
    expect(stored()).toHaveLength(0);
  });

  it('a draft older than the limit is not offered and is removed', async () => {
    const user = userEvent.setup();
    signIn(person('ada'));
    const first = render(<Editor />);
    await user.type(screen.getByLabelText('Name'), ' old');
    signOut();
    first.unmount();
    const key = stored()[0]!;
    const kept = JSON.parse(localStorage.getItem(key)!) as { savedAt: number };
    localStorage.setItem(key, JSON.stringify({ ...kept, savedAt: Date.now() - DRAFT_MAX_AGE_MS - 1000 }));
    signIn(person('ada'));
    render(<Editor />);
    expect(offer()).toBeNull();
    expect(stored()).toHaveLength(0);
  });

  it('withoutSecrets leaves out credential fields at any depth and keeps the fields that only name them', () => {
    expect(
      withoutSecrets({
        password: 'p',
        nested: [{ api_key: 'k', clientSecret: 's', secretHeader: 'X-Signature', credentialId: 'c1', max_tokens: 5, keep: 'yes' }],
        access_token: 't',
      }),
    ).toEqual({ nested: [{ secretHeader: 'X-Signature', credentialId: 'c1', max_tokens: 5, keep: 'yes' }] });
  });
});
