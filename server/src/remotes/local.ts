// Remotes built in this checkout (`<STATIC_ROOT>/mfe-<id>/dist`), served by this server at /mfe/<id>/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_IDS, type RemoteId } from '@accent/shared';

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
