// Remote builds as the registry's tests need them: a federation manifest as @module-federation/enhanced
// 2.9 writes it (the parts the registry reads) and the files of a release folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.js';

/** What the studio provides when no shell is built: the checkout's @accent/shared version. */
export const PROVIDED = (JSON.parse(readFileSync(join(REPO_ROOT, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
export const [MAJOR, MINOR] = PROVIDED.split('.');

/** The chunks a test build's manifest names (besides remoteEntry.js). */
export const CHUNKS = ['static/js/async/module.js', 'static/css/async/module.css'];

export const manifest = (name: string, buildVersion: string | null, requires = `^${MAJOR}.${MINOR}.0`, chunks: string[] = CHUNKS) =>
  JSON.stringify({
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: buildVersion ? { buildVersion, buildName: name } : { buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      globalName: name,
      publicPath: 'auto',
    },
    shared: [
      {
        id: `${name}:react`,
        name: 'react',
        version: '19.3.1',
        singleton: true,
        requiredVersion: '^19.3.1',
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
      { id: `${name}:@accent/shared`, name: '@accent/shared', version: PROVIDED, singleton: true, requiredVersion: requires },
    ],
    remotes: [],
    exposes: [
      {
        id: `${name}:module`,
        name: 'module',
        path: './module',
        assets: {
          js: { sync: [], async: chunks.filter((c) => c.endsWith('.js')) },
          css: { sync: [], async: chunks.filter((c) => c.endsWith('.css')) },
        },
      },
    ],
  });

/** The files of a complete release folder `<dir>/` of `name` built as `version`. */
export function releaseFiles(dir: string, name: string, version: string, requires?: string): Record<string, string> {
  return {
    [`${dir}/mf-manifest.json`]: manifest(name, version, requires),
    [`${dir}/remoteEntry.js`]: `var ${name};`,
    ...Object.fromEntries(CHUNKS.map((c) => [`${dir}/${c}`, '/* chunk */'])),
  };
}
