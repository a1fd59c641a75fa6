// Profile → API keys: the user's personal keys (act as them, as they are now).
import { useMemo } from 'react';
import { api, useSession } from '@accent/shared/client';
import { API_KEY_SCOPES } from '@accent/shell-common';
import { Section } from '../app/Page.js';
import { createApiKeysApi, type ApiKeysApi } from './api-keys-api.js';
import { ApiKeysManager } from './ApiKeysManager.js';

export const API_KEYS_SECTION_LEAD =
  'Keys let a program (a script, a CI job, an MCP client such as Claude Desktop or Cursor) call the studio as you, limited to the scopes you choose and to what you may do at the time. Send a key as Authorization: Bearer <key>.';

export function ApiKeysSection({ keysApi }: { keysApi?: ApiKeysApi }) {
  const { user } = useSession();
  const personal = useMemo(() => keysApi ?? createApiKeysApi(api, '/api/v1/api-keys'), [keysApi]);
  const scopes = user?.role === 'admin' ? API_KEY_SCOPES : API_KEY_SCOPES.filter((s) => s !== 'admin');
  return (
    <Section title="API keys" id="profile-api-keys">
      <ApiKeysManager api={personal} scopes={scopes} lead={API_KEYS_SECTION_LEAD} />
    </Section>
  );
}

export function ApiKeysPanel({ keysApi }: { keysApi?: ApiKeysApi }) {
  const service = useMemo(() => keysApi ?? createApiKeysApi(api, '/api/v1/admin/api-keys'), [keysApi]);
  return (
    <ApiKeysManager
      api={service}
      showOwner
      lead="Service keys for the library's automation (a release pipeline, an integration). A service key acts as the administrator who made it, as they are now: it stops if they lose the role. Every key of the library is listed here, personal ones too, so any can be revoked."
    />
  );
}
