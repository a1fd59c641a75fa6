// The manifest read once on the way into an area: the contract check's read is handed to the federation
// runtime (its fetch hook) instead of a second request. A node:http server plays the remote's origin.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { manifestOncePlugin, readManifestOnce } from './federation.js';

const MANIFEST = JSON.stringify({ id: 'mfe_agents', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } });

let base = '';
let reads = 0;
const server = createServer((request, response) => {
  reads++;
  if (request.url?.endsWith('/mf-manifest.json')) response.writeHead(200, { 'content-type': 'application/json' }).end(MANIFEST);
  else response.writeHead(404).end('not found');
});

/** GET over node:http (jsdom has no fetch of its own): the body text, or an error for a non-2xx answer. */
const httpText = (url: string): Promise<string> =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => ((response.statusCode ?? 0) < 300 ? resolve(body) : reject(new Error(`HTTP ${response.statusCode}`))));
    }).on('error', reject);
  });

type FetchHook = (url: string, init: RequestInit) => false | undefined | Promise<Response | undefined>;
const runtimeFetch = (url: string) => (manifestOncePlugin.fetch as unknown as FetchHook)(url, {});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('manifest read once per entry', () => {
  it("hands the check's read to the runtime: one request for both", async () => {
    reads = 0;
    const url = `${base}/remotes/agents/1.0.0/mf-manifest.json`;
    expect(await readManifestOnce(url, httpText)).toBe(MANIFEST);
    const response = await runtimeFetch(url);
    expect(response).toBeDefined();
    expect(await (response as Response).text()).toBe(MANIFEST);
    expect(reads).toBe(1);
    // once: a later load of the same entry is fetched by the runtime itself
    expect(runtimeFetch(url)).toBeUndefined();
  });

  it('leaves manifests it has not read to the runtime, and reads a failed one again', async () => {
    reads = 0;
    expect(runtimeFetch(`${base}/remotes/other/mf-manifest.json`)).toBeUndefined();
    const missing = `${base}/remotes/gone/1.0.0/missing.json`;
    await expect(readManifestOnce(missing, httpText)).rejects.toThrow('HTTP 404');
    await expect(readManifestOnce(missing, httpText)).rejects.toThrow('HTTP 404');
    expect(reads).toBe(2);
  });
});
