// The Module Federation runtime behind RemoteLoader: registerRemotes + loadRemote('<name>/module').
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLoader } from './loader.js';

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
};
