// The Module Federation runtime behind RemoteLoader: registerRemotes + loadRemote('<name>/module'), the
// manifest read before loading (for the contract check), and the health beacon.
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api } from '@accent/shared/client';
import { newReference } from './failures.js';
import type { RemoteLoader } from './loader.js';

/** The contract checks, fetched with the first area rather than with the login page. */
const compat = () => import('@accent/shared/remotes');

export const federationLoader: RemoteLoader = {
  register(entries, options) {
    if (entries.length === 0) return;
    registerRemotes(
      entries.map((e) => ({ name: e.name, entry: e.entry })),
      options?.force ? { force: true } : undefined,
    );
  },
  load(entry) {
    return loadRemote<unknown>(`${entry.name}/module`);
  },
  async inspect(entry) {
    // the runtime fetches the same manifest right after; it is revalidated (no-cache) or immutable
    const response = await fetch(entry.entry, { credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { readFederationManifest } = await compat();
    return readFederationManifest(await response.json().catch(() => null));
  },
  async providedContract() {
    // what the shell put in the share scope as its own @accent/shared
    const { CONTRACT_PACKAGE } = await compat();
    const shared = getInstance()?.options.shared[CONTRACT_PACKAGE];
    return shared?.[0]?.version ?? null;
  },
  report(entry, outcome, details) {
    // fire and forget: a report must never disturb the page
    api.post(`/api/v1/remotes/${entry.id}/health`, { version: entry.version, outcome, reference: details?.reference ?? newReference(), message: details?.message }).catch(() => undefined);
  },
};

