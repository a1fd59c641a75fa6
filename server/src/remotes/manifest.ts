// Checks a remote build before the registry offers it to browsers: its mf-manifest.json must answer,
// be a federation manifest of that remote, carry the version it is registered as, and need a studio
// contract this studio provides. Absolute URLs go through the webhooks' SSRF guard; a path of this
// server (/mfe/…) is asked of the server itself, without the network.
import { federationName, REMOTE_TITLES, type RemoteId } from '@accent/shared';
import { contractMismatch, readFederationManifest, type FederationManifestFacts } from '@accent/shared/remotes';
import type { FastifyInstance } from 'fastify';
import { guardedFetch, SSRF_HINTS, SsrfError } from '../net/ssrf.js';

export const MANIFEST_MESSAGES = {
  unreachable: (entry: string, status: string) => `The manifest at ${entry} could not be fetched: ${status}.`,
  notManifest: (entry: string) => `${entry} is not a Module Federation manifest (mf-manifest.json of a remote build).`,
  wrongRemote: (entry: string, found: string, id: RemoteId) => `The manifest at ${entry} is the remote "${found}", not ${REMOTE_TITLES[id]} (${federationName(id)}).`,
  noBuildVersion: (entry: string, version: string) => `The manifest at ${entry} carries no build version; build it as version ${version} (pnpm release sets it).`,
  versionMismatch: (entry: string, found: string, version: string) => `The manifest at ${entry} was built as version ${found}, not ${version}.`,
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
    if (response.status !== 200) throw new ManifestProblem(MANIFEST_MESSAGES.unreachable(entry, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`));
    if (response.truncated) throw new ManifestProblem(MANIFEST_MESSAGES.notManifest(entry));
    return response.body.toString('utf8');
  } catch (error) {
    if (error instanceof ManifestProblem || error instanceof SsrfError) throw error instanceof SsrfError ? new ManifestProblem(error.message) : error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ManifestProblem(MANIFEST_MESSAGES.unreachable(entry, code ?? (error instanceof Error ? error.message.replace(/\.$/, '') : String(error))));
  }
}

/** Fetches and checks the manifest of `id` `version` at `entry`; throws ManifestProblem with what is wrong. */
export async function checkRemoteManifest(id: RemoteId, version: string, entry: string, options: ManifestCheckOptions): Promise<FederationManifestFacts> {
  const text = await fetchManifestText(entry, options);
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
  const mismatch = contractMismatch(id, version, facts.requires, options.contractVersion);
  if (mismatch) throw new ManifestProblem(mismatch);
  return facts;
}
