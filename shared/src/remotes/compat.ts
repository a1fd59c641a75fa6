// Can this studio run that remote build? Read from the remote's federation manifest (mf-manifest.json)
// before anything of it is loaded: the server checks it when a version is registered, the shell when it
// reads the registry. Kept out of the `@accent/shared` entry (its own subpath) so semver is only
// downloaded by code that checks a remote, not by the login page.
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';
import { REMOTE_TITLES, type RemoteId } from './contract.js';

/** The package whose version is the studio contract. */
export const CONTRACT_PACKAGE = '@accent/shared';

/** What the studio needs to know of a remote's mf-manifest.json. */
export interface FederationManifestFacts {
  /** federation container name (metaData.name), e.g. mfe_agents */
  name: string;
  /** metaData.buildInfo.buildVersion: the version the remote was built as */
  buildVersion: string | null;
  /** the range of the studio contract the remote was built against (its shared `@accent/shared` requiredVersion) */
  requires: string | null;
}

/** Reads a parsed mf-manifest.json; null when it is not a federation manifest. */
export function readFederationManifest(json: unknown): FederationManifestFacts | null {
  if (!json || typeof json !== 'object') return null;
  const m = json as { name?: unknown; metaData?: { name?: unknown; buildInfo?: { buildVersion?: unknown }; remoteEntry?: unknown }; shared?: unknown; exposes?: unknown };
  if (!m.metaData || typeof m.metaData !== 'object' || !m.metaData.remoteEntry || !Array.isArray(m.shared) || !Array.isArray(m.exposes)) return null;
  const name = typeof m.metaData.name === 'string' ? m.metaData.name : typeof m.name === 'string' ? m.name : null;
  if (!name) return null;
  const buildVersion = m.metaData.buildInfo?.buildVersion;
  let requires: string | null = null;
  for (const s of m.shared as { name?: unknown; requiredVersion?: unknown }[]) {
    const sharedName = typeof s?.name === 'string' ? s.name : '';
    if ((sharedName === CONTRACT_PACKAGE || sharedName.startsWith(`${CONTRACT_PACKAGE}/`)) && typeof s.requiredVersion === 'string' && s.requiredVersion) {
      requires = s.requiredVersion;
      break;
    }
  }
  return { name, buildVersion: typeof buildVersion === 'string' && buildVersion ? buildVersion : null, requires };
}

export const COMPAT_MESSAGES = {
  incompatible: (id: RemoteId, version: string, requires: string, provided: string) =>
    `${REMOTE_TITLES[id]} ${version} needs the studio contract ${requires}; this studio provides ${provided}.`,
} as const;

/**
 * null when a remote needing `requires` (a semver range such as ^2.3 or ^2.3.0) runs on a studio providing
 * contract version `provided`; otherwise the sentence that says why not. A remote that states no
 * requirement is accepted (it shares nothing versioned with the studio).
 */
export function contractMismatch(id: RemoteId, version: string, requires: string | null, provided: string): string | null {
  if (!requires || requires === '*') return null;
  const range = validRange(requires);
  if (range && satisfies(provided, range)) return null;
  return COMPAT_MESSAGES.incompatible(id, version, requires, provided);
}
