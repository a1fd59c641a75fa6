// Warming an area over real HTTP: a node:http server plays a remote's origin with its mf-manifest.json.
// jsdom has no fetch of its own, so the test lends it a minimal one over node:http (still real requests).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prefetchRemote, remoteForPath, sharedInUse } from './prefetch.js';

const MANIFEST = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'module', assets: { js: { sync: ['__federation_expose_module.1.js'], async: ['441.a.js', '208.b.js'] } } }],
  shared: [
    { name: 'react', assets: { js: { sync: ['923.react.js'] } } },
    { name: '@supabase/supabase-js', assets: { js: { sync: ['365.supabase.js'] } } },
  ],
};
// the page runs react already (the shell's copy), not supabase-js
const inUse = (name: string) => name === 'react';

/** GET over node:http, answering the part of Response that prefetch reads. */
function httpFetch(url: string): Promise<{ ok: boolean; json(): Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, json: async () => JSON.parse(body) });
      });
    }).on('error', reject);
  });
}

let base = '';
let manifestReads = 0;
const server = createServer((request, response) => {
  if (request.url?.endsWith('/mf-manifest.json')) {
    manifestReads++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(MANIFEST));
    return;
  }
  response.writeHead(404);
  response.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  globalThis.fetch = httpFetch as unknown as typeof fetch;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const hints = () => [...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => (l as HTMLLinkElement).href);

describe('prefetchRemote', () => {
  it('hints the entry and the module chunk next to the manifest, then the pages on intent, each once', async () => {
    const entry = { id: 'agents' as const, name: 'mfe_agents', entry: `${base}/mfe/agents/0.1.0/mf-manifest.json`, version: '0.1.0' };
    await prefetchRemote(entry, 'entry', inUse);
    const first = [`${base}/mfe/agents/0.1.0/remoteEntry.js`, `${base}/mfe/agents/0.1.0/__federation_expose_module.1.js`, `${base}/mfe/agents/0.1.0/365.supabase.js`];
    expect(hints()).toEqual(first);

    await prefetchRemote(entry, 'pages', inUse);
    await prefetchRemote(entry, 'pages', inUse);
    expect(hints()).toEqual([
      ...first,
      `${base}/mfe/agents/0.1.0/441.a.js`,
      `${base}/mfe/agents/0.1.0/208.b.js`,
    ]);
    expect(manifestReads).toBe(1);
  });

  it('reads the share scopes of the federation runtime for what the page runs', () => {
    const global = globalThis as { __FEDERATION__?: unknown };
    global.__FEDERATION__ = { __SHARE__: { shell: { default: { react: { '19.3.1': { loaded: true } }, jotai: { '3.0.1': {} } } } } };
    try {
      expect(sharedInUse('react')).toBe(true);
      expect(sharedInUse('jotai')).toBe(false);
      expect(sharedInUse('@supabase/supabase-js')).toBe(false);
    } finally {
      delete global.__FEDERATION__;
    }
  });

  it('gives up quietly when the manifest does not answer', async () => {
    const before = hints().length;
    await prefetchRemote({ id: 'flows', name: 'mfe_flows', entry: `${base}/nothing/here.json`, version: '1.0.0' }, 'pages');
    expect(hints()).toHaveLength(before);
  });
});

describe('remoteForPath', () => {
  it('finds the remote behind a sidebar item, and none for the shell’s own pages', () => {
    expect(remoteForPath('/agents')).toBe('agents');
    expect(remoteForPath('/pages2')).toBe('pages');
    expect(remoteForPath('/end-user/mission-results')).toBe('missions');
    expect(remoteForPath('/home')).toBeUndefined();
    expect(remoteForPath('/p/some-page')).toBeUndefined();
  });
});
