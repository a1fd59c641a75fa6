// The Module Federation runtime behind RemoteLoader: registerRemotes + loadRemote('<name>/module'), the
// manifest read before loading (for the contract check), and the health beacon.
import { getInstance, loadRemote, registerPlugins, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { api } from '@accent/shared/client';
import { newReference } from './failures.js';
import type { RemoteLoader } from './loader.js';

/** The contract checks, fetched with the first area rather than with the login page. */
const compat = () => import('@accent/shared/remotes');

/**
 * Manifests the contract check has read, by absolute URL, until the federation runtime asks for them:
 * it then gets the same text instead of fetching the manifest a second time on the way into an area.
 */
const readManifests = new Map<string, Promise<string>>();
const absolute = (url: string) => new URL(url, globalThis.location?.href).href;

/** The manifest's text, fetched once for the check and the runtime. */
export function readManifestOnce(url: string, fetchText: (url: string) => Promise<string> = fetchManifestText): Promise<string> {
  const key = absolute(url);
  let pending = readManifests.get(key);
  if (!pending) {
    pending = fetchText(key);
    readManifests.set(key, pending);
    // a failed read is tried again by whoever asks next
    pending.catch(() => readManifests.delete(key));
  }
  return pending;
}

async function fetchManifestText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

/** Hands the runtime a manifest already read (once: a later load reads it anew); others it fetches itself. */
export const manifestOncePlugin: ModuleFederationRuntimePlugin = {
  name: 'accent-manifest-once',
  fetch(url) {
    const key = absolute(url);
    const pending = readManifests.get(key);
    if (!pending) return undefined;
    readManifests.delete(key);
    return pending.then(
      (text) => new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
      // the runtime then fetches it itself and reports what fails
      () => undefined as unknown as Response,
    );
  },
};

let pluginRegistered = false;

/** This page load, as the health beacon names it: the server keeps one outcome per user, version and page load. */
export const PAGE_LOAD = newReference();

export const federationLoader: RemoteLoader = {
  register(entries, options) {
    if (entries.length === 0) return;
    if (!pluginRegistered) {
      registerPlugins([manifestOncePlugin]);
      pluginRegistered = true;
    }
    registerRemotes(
      entries.map((e) => ({ name: e.name, entry: e.entry })),
      options?.force ? { force: true } : undefined,
    );
  },
  load(entry) {
    return loadRemote<unknown>(`${entry.name}/module`);
  },
  async inspect(entry) {
    // the runtime gets this same read (manifestOncePlugin) rather than fetching the manifest again
    const [text, { readFederationManifest }] = await Promise.all([readManifestOnce(entry.entry), compat()]);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON: the check reports it */
    }
    return readFederationManifest(json);
  },
  async providedContract() {
    // what the shell put in the share scope as its own @accent/shared
    const { CONTRACT_PACKAGE } = await compat();
    const shared = getInstance()?.options.shared[CONTRACT_PACKAGE];
    return shared?.[0]?.version ?? null;
  },
  report(entry, outcome, details) {
    // fire and forget: a report must never disturb the page (before sign-in the server refuses it)
    api
      .post(`/api/v1/remotes/${entry.id}/health`, {
        version: entry.version,
        outcome,
        reference: details?.reference ?? newReference(),
        pageLoad: PAGE_LOAD,
        message: details?.message,
      })
      .catch(() => undefined);
  },
};
