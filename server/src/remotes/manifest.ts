// Checks a remote build before the registry offers it to browsers: its mf-manifest.json must answer,
// be a federation manifest of that remote, carry the version it is registered as, need a studio
// contract this studio provides, and the files it names must be there: every one (remoteEntry.js and
// each chunk) for a build of this server, its remote entry for a build elsewhere. Absolute URLs go through
// the webhooks' SSRF guard; a path of this server (/mfe/…) is asked of the server itself, without the
// network; a release folder found at start is read from disk (the same checks, before the server listens).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { federationName, REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { contractMismatch, readFederationManifest, type FederationManifestFacts } from '@accent/shared/remotes';
import type { FastifyInstance } from 'fastify';
import { guardedFetch, SSRF_HINTS, SsrfError } from '../net/ssrf.js';

export const MANIFEST_MESSAGES = {
  unreachable: (entry: string, status: string) => `The manifest at ${entry} could not be fetched: ${status}.`,
  notManifest: (entry: string) => `${entry} is not a Module Federation manifest (mf-manifest.json of a remote build).`,
  wrongRemote: (entry: string, found: string, id: RemoteId) =>
    `The manifest at ${entry} is the remote "${found}", not ${REMOTE_TITLES[id]} (${federationName(id)}).`,
  noBuildVersion: (entry: string, version: string) =>
    `The manifest at ${entry} carries no build version; build it as version ${version} (pnpm release sets it).`,
  versionMismatch: (entry: string, found: string, version: string) => `The manifest at ${entry} was built as version ${found}, not ${version}.`,
  missingFile: (entry: string, file: string) => `The build at ${entry} is incomplete: ${file}, named by its manifest, is missing.`,
  entryUnreachable: (url: string, status: string) => `The remote entry ${url} could not be fetched: ${status}.`,
} as const;

const MANIFEST_TIMEOUT_MS = 10_000;
const MANIFEST_MAX_BYTES = 2 * 1024 * 1024;

export interface ManifestCheckOptions {
  app: FastifyInstance;
  /** ALLOW_PRIVATE_WEBHOOKS: the same rule as webhooks */
  allowPrivate: boolean;
  /** the @accent/shared version this studio's shell provides */
  contractVersion: string;
}

export class ManifestProblem extends Error {
  override name = 'ManifestProblem';
}

/** The body of the manifest at `entry`, or a ManifestProblem saying why there is none. */
async function fetchManifestText(entry: string, { app, allowPrivate }: ManifestCheckOptions): Promise<string> {
  if (entry.startsWith('/')) {
    const response = await app.inject({ method: 'GET', url: entry });
    if (response.statusCode !== 200) throw new ManifestProblem(MANIFEST_MESSAGES.unreachable(entry, `HTTP ${response.statusCode}`));
    return response.body;
  }
  try {
    const response = await guardedFetch(
      { url: entry, headers: { accept: 'application/json' }, timeoutMs: MANIFEST_TIMEOUT_MS, maxBodyBytes: MANIFEST_MAX_BYTES },
      { allowPrivate, blockedHint: SSRF_HINTS.webhooks },
    );
    if (response.status !== 200)
      throw new ManifestProblem(
        MANIFEST_MESSAGES.unreachable(entry, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`),
      );
    if (response.truncated) throw new ManifestProblem(MANIFEST_MESSAGES.notManifest(entry));
    return response.body.toString('utf8');
  } catch (error) {
    if (error instanceof ManifestProblem || error instanceof SsrfError) throw error instanceof SsrfError ? new ManifestProblem(error.message) : error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestProblem(
      MANIFEST_MESSAGES.unreachable(entry, code ?? (error instanceof Error ? error.message.replace(/\.$/, '') : String(error))),
    );
  }
}

/**
 * The files a manifest names, relative to where the build is published: its remote entry, then every
 * chunk (js and css, loaded at once or later) of what it exposes and of the shared modules it brings.
 */
export function manifestFiles(json: unknown): string[] {
  const m = json as {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: { assets?: unknown }[];
    shared?: { assets?: unknown }[];
  };
  const files = new Set<string>();
  const remoteEntry = m.metaData?.remoteEntry;
  if (typeof remoteEntry?.name === 'string' && remoteEntry.name) {
    files.add(
      typeof remoteEntry.path === 'string' && remoteEntry.path ? `${remoteEntry.path.replace(/\/+$/, '')}/${remoteEntry.name}` : remoteEntry.name,
    );
  }
  for (const part of [...(Array.isArray(m.exposes) ? m.exposes : []), ...(Array.isArray(m.shared) ? m.shared : [])]) {
    const assets = part?.assets as Record<string, Record<string, unknown>> | undefined;
    for (const kind of ['js', 'css']) {
      for (const when of ['sync', 'async']) {
        const list = assets?.[kind]?.[when];
        if (Array.isArray(list)) for (const file of list) if (typeof file === 'string' && file) files.add(file);
      }
    }
  }
  return [...files];
}

/** Checks a manifest's text as the build of `id` `version`; throws ManifestProblem. Its facts, and the files it names. */
export function checkManifestText(
  id: RemoteId,
  version: string,
  entry: string,
  text: string,
  contractVersion: string,
): { facts: FederationManifestFacts; files: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ManifestProblem(MANIFEST_MESSAGES.notManifest(entry));
  }
  const facts = readFederationManifest(json);
  if (!facts) throw new ManifestProblem(MANIFEST_MESSAGES.notManifest(entry));
  if (facts.name !== federationName(id)) throw new ManifestProblem(MANIFEST_MESSAGES.wrongRemote(entry, facts.name, id));
  if (!facts.buildVersion) throw new ManifestProblem(MANIFEST_MESSAGES.noBuildVersion(entry, version));
  if (facts.buildVersion !== version) throw new ManifestProblem(MANIFEST_MESSAGES.versionMismatch(entry, facts.buildVersion, version));
  const mismatch = contractMismatch(id, version, facts.requires, contractVersion);
  if (mismatch) throw new ManifestProblem(mismatch);
  const files = manifestFiles(json);
  if (files.length === 0) throw new ManifestProblem(MANIFEST_MESSAGES.notManifest(entry));
  return { facts, files };
}

/** Where a file a manifest names is fetched from: next to the manifest (webpack's publicPath 'auto'). */
const fileUrl = (entry: string, file: string) =>
  new URL(file, new URL(entry, 'http://this-server.invalid')).href.replace(/^http:\/\/this-server\.invalid/, '');

/** Fetches and checks the manifest of `id` `version` at `entry`; throws ManifestProblem with what is wrong. */
export async function checkRemoteManifest(
  id: RemoteId,
  version: string,
  entry: string,
  options: ManifestCheckOptions,
): Promise<FederationManifestFacts> {
  const text = await fetchManifestText(entry, options);
  const { facts, files } = checkManifestText(id, version, entry, text, options.contractVersion);
  if (entry.startsWith('/')) {
    // a build this server serves: every file it names must be there
    for (const file of files) {
      const response = await options.app.inject({ method: 'HEAD', url: fileUrl(entry, file) });
      if (response.statusCode !== 200) throw new ManifestProblem(MANIFEST_MESSAGES.missingFile(entry, file));
    }
    return facts;
  }
  // a build elsewhere: its remote entry must answer (its chunks may sit behind a CDN's own rules)
  const remoteEntry = fileUrl(entry, files[0]);
  try {
    const response = await guardedFetch(
      { url: remoteEntry, timeoutMs: MANIFEST_TIMEOUT_MS, maxBodyBytes: MANIFEST_MAX_BYTES },
      { allowPrivate: options.allowPrivate, blockedHint: SSRF_HINTS.webhooks },
    );
    if (response.status !== 200)
      throw new ManifestProblem(
        MANIFEST_MESSAGES.entryUnreachable(remoteEntry, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`),
      );
  } catch (error) {
    if (error instanceof ManifestProblem) throw error;
    if (error instanceof SsrfError) throw new ManifestProblem(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestProblem(
      MANIFEST_MESSAGES.entryUnreachable(remoteEntry, code ?? (error instanceof Error ? error.message.replace(/\.$/, '') : String(error))),
    );
  }
  return facts;
}

/**
 * A build found on disk at start (`dir` holds its mf-manifest.json), checked as registering it would:
 * its facts, or a ManifestProblem. `entry` is where it will be served, for the messages.
 */
export function checkBuildFolder(id: RemoteId, version: string, entry: string, dir: string, contractVersion: string): FederationManifestFacts {
  let text: string;
  try {
    text = readFileSync(join(dir, 'mf-manifest.json'), 'utf8');
  } catch (error) {
    throw new ManifestProblem(MANIFEST_MESSAGES.unreachable(entry, (error as NodeJS.ErrnoException).code ?? 'unreadable'));
  }
  const { facts, files } = checkManifestText(id, version, entry, text, contractVersion);
  const root = resolve(dir);
  for (const file of files) {
    const path = resolve(root, file.split('?')[0]);
    const inside = path.startsWith(root + sep) && !relative(root, path).startsWith('..');
    if (!inside || !existsSync(path)) throw new ManifestProblem(MANIFEST_MESSAGES.missingFile(entry, file));
  }
  return facts;
}
