// How the shell gets a remote's descriptor. The interface is what RemoteArea and the registry use; the
// Module Federation implementation lives in federation.ts (kept apart so tests inject their own loader).
import { REMOTE_TITLES, type RemoteId, type RemoteModule, type RemoteRegistryEntry } from '@accent/shared';
import type { FederationManifestFacts } from '@accent/shared/remotes';
import { AreaLoadError } from './failures.js';

export type HealthOutcome = 'loaded' | 'load-failed' | 'render-failed';

export interface RemoteLoader {
  /** Tells the federation runtime where remotes live. `force` replaces an already registered remote. */
  register(entries: RemoteRegistryEntry[], options?: { force?: boolean }): void;
  /** Loads `<name>/module` and returns whatever it exported (checked by `toRemoteModule`). */
  load(entry: RemoteRegistryEntry): Promise<unknown>;
  /** Reads the remote's manifest before anything of it runs (absent: no check). */
  inspect?(entry: RemoteRegistryEntry): Promise<FederationManifestFacts | null>;
  /** The studio contract (@accent/shared) version this page provides. */
  providedContract?(): string | null | Promise<string | null>;
  /** Tells the server how loading or showing a remote version went (the health beacon). */
  report?(entry: RemoteRegistryEntry, outcome: HealthOutcome, details?: { reference: string; message: string }): void;
}

export const LOAD_MESSAGES = {
  manifestUnreachable: (id: RemoteId) => `The ${REMOTE_TITLES[id]} manifest could not be fetched.`,
} as const;

/** Checks the loaded export: the descriptor itself or a module namespace whose default is one. */
export function toRemoteModule(loaded: unknown, id: RemoteId): RemoteModule {
  const title = REMOTE_TITLES[id];
  if (loaded == null) throw new Error(`The ${title} remote returned no module.`);
  const candidate = (typeof loaded === 'object' && 'default' in loaded ? (loaded as { default: unknown }).default : loaded) as Partial<RemoteModule> | null;
  if (!candidate || typeof candidate !== 'object' || !Array.isArray(candidate.routes)) {
    throw new Error(`The ${title} remote does not export a module descriptor.`);
  }
  if (candidate.id !== id) {
    throw new Error(`The ${title} remote declares itself as "${String(candidate.id)}".`);
  }
  return candidate as RemoteModule;
}

/**
 * Caches one loaded descriptor per remote (and the in-flight promise, so parallel areas share one
 * load). A failed load is dropped from the cache so Retry really tries again. A warm load (the area not
 * entered yet) runs the same code but tells the server nothing: the health beacon counts entries, so a
 * version is reported 'loaded' once, when its area is first shown.
 */
export class RemoteModuleCache {
  private readonly pending = new Map<RemoteId, { key: string; promise: Promise<RemoteModule> }>();
  private readonly loaded = new Map<RemoteId, { key: string; module: RemoteModule }>();
  /** the entry whose load has been reported, per remote */
  private readonly reported = new Map<RemoteId, string>();

  constructor(private readonly loader: RemoteLoader) {}

  /** The entry whose code this page has run (or is loading) for a remote: one version per page. */
  inUse(id: RemoteId): string | undefined {
    return this.loaded.get(id)?.key ?? this.pending.get(id)?.key;
  }

  static keyOf(entry: RemoteRegistryEntry) {
    return RemoteModuleCache.key(entry);
  }

  /** Refuses, before any of its code runs, a remote built for a contract this page does not provide. */
  private async check(entry: RemoteRegistryEntry): Promise<void> {
    if (!this.loader.inspect) return;
    let facts: FederationManifestFacts | null;
    try {
      facts = await this.loader.inspect(entry);
    } catch (error) {
      throw new AreaLoadError('unreachable', LOAD_MESSAGES.manifestUnreachable(entry.id), { cause: error });
    }
    const provided = await this.loader.providedContract?.();
    if (!facts || !provided) return;
    // loaded on the first entry into an area, not with the login page (semver comes with it)
    const { contractMismatch } = await import('@accent/shared/remotes');
    const mismatch = contractMismatch(entry.id, facts.buildVersion ?? entry.version, facts.requires, provided);
    if (mismatch) throw new AreaLoadError('incompatible', mismatch);
  }

  private static key(entry: RemoteRegistryEntry) {
    return `${entry.name}@${entry.entry}`;
  }

  /** The descriptor if it is already loaded for this exact entry. */
  peek(entry: RemoteRegistryEntry): RemoteModule | undefined {
    const hit = this.loaded.get(entry.id);
    return hit && hit.key === RemoteModuleCache.key(entry) ? hit.module : undefined;
  }

  /** The descriptor, loaded once. `warm`: ahead of the area's entry (no health report). */
  get(entry: RemoteRegistryEntry, options?: { warm?: boolean }): Promise<RemoteModule> {
    const module = this.fetchModule(entry);
    if (options?.warm) return module;
    return module.then((m) => {
      const key = RemoteModuleCache.key(entry);
      if (this.reported.get(entry.id) !== key) {
        this.reported.set(entry.id, key);
        this.loader.report?.(entry, 'loaded');
      }
      return m;
    });
  }

  private fetchModule(entry: RemoteRegistryEntry): Promise<RemoteModule> {
    const key = RemoteModuleCache.key(entry);
    const done = this.peek(entry);
    if (done) return Promise.resolve(done);
    const inFlight = this.pending.get(entry.id);
    if (inFlight && inFlight.key === key) return inFlight.promise;
    const promise: Promise<RemoteModule> = Promise.resolve()
      .then(() => this.check(entry))
      .then(() => this.loader.load(entry))
      .then((loaded) => {
        const module = toRemoteModule(loaded, entry.id);
        // forgotten meanwhile (invalidate): the next get loads it anew
        if (this.pending.get(entry.id)?.promise === promise) this.loaded.set(entry.id, { key, module });
        return module;
      })
      .finally(() => {
        if (this.pending.get(entry.id)?.promise === promise) this.pending.delete(entry.id);
      });
    this.pending.set(entry.id, { key, promise });
    return promise;
  }

  /** Forgets a remote (after a failure, or when its registry entry changed). */
  invalidate(id: RemoteId): void {
    this.pending.delete(id);
    this.loaded.delete(id);
    this.reported.delete(id);
  }
}
