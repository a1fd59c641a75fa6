// Remotes built in this checkout (`<STATIC_ROOT>/mfe-<id>/dist`), served by this server at /mfe/<id>/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_IDS, type RemoteId } from '@accent/shared';
import { CONTRACT_PACKAGE } from '@accent/shared/remotes';
import { REPO_ROOT } from '../config.js';

export const MANIFEST_FILE = 'mf-manifest.json';

export interface LocalRemote {
  id: RemoteId;
  distDir: string;
  version: string;
}

/** URL path of a locally served remote's manifest. */
export const localEntry = (id: RemoteId) => `/mfe/${id}/${MANIFEST_FILE}`;

/** The remotes whose build (with its federation manifest) exists. */
export function discoverLocalRemotes(staticRoot: string): LocalRemote[] {
  return REMOTE_IDS.flatMap((id) => {
    const dir = join(staticRoot, `mfe-${id}`);
    const distDir = join(dir, 'dist');
    if (!existsSync(join(distDir, MANIFEST_FILE))) return [];
    return [{ id, distDir, version: packageVersion(dir) }];
  });
}

function packageVersion(dir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** URL path of a release's manifest (`<releasesDir>/<id>/<version>/` is served at /mfe/<id>/<version>/). */
export const releaseEntry = (id: RemoteId, version: string) => `/mfe/${id}/${encodeURIComponent(version)}/${MANIFEST_FILE}`;

/** A release folder found on disk: `<releasesDir>/<id>/<version>/mf-manifest.json`. */
export interface LocalRelease {
  id: RemoteId;
  version: string;
  dir: string;
}

/** Every release `pnpm release` put in `releasesDir`, oldest first. */
export function discoverReleases(releasesDir: string): LocalRelease[] {
  return REMOTE_IDS.flatMap((id) => {
    const areaDir = join(releasesDir, id);
    if (!existsSync(areaDir)) return [];
    return readdirSync(areaDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(areaDir, d.name, MANIFEST_FILE)))
      .map((d) => ({ id, version: d.name, dir: join(areaDir, d.name) }));
  });
}

/**
 * The studio contract version this server's shell provides: what the built shell's manifest says it
 * shares as @accent/shared, else the version of the shared package in this checkout.
 */
export function studioContractVersion(staticRoot: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(staticRoot, 'shell', 'dist', MANIFEST_FILE), 'utf8')) as {
      shared?: { name?: string; version?: string }[];
    };
    const own = manifest.shared?.find((s) => s.name === CONTRACT_PACKAGE && typeof s.version === 'string');
    if (own?.version) return own.version;
  } catch {
    // no built shell: the checkout's package says it
  }
  return packageVersion(join(REPO_ROOT, 'shared'));
}
