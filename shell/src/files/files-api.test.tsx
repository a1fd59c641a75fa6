// The upload path of the real FilesApi: jsdom's XMLHttpRequest (real HTTP) against a local server that
// answers as the storage server does, so the wire format (URL, headers, multipart body), the refresh on
// 401, the error bodies and Cancel are checked as sent, not as imagined. (A .tsx file: XMLHttpRequest
// exists in the jsdom environment only.)
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStorageFilesApi, NOT_PERMITTED, StorageFailure, uploadProblem, type FilesApi } from './files-api.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void = (_req, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    // the page (http://localhost) and this server are two origins: answer CORS as a storage server does
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, apikey, x-upsert, content-type');
    if (req.method === 'OPTIONS') {
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/storage/v1`;
});
afterAll(() => {
  server.closeAllConnections(); // the cancelled upload's request is still open
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

function api(token = { value: 'token-1' }, refresh = jest.fn(async () => false)): FilesApi {
  return createStorageFilesApi({
    client: async () => {
      throw new Error('not used by uploads');
    },
    target: async () => ({ url: base, anonKey: 'anon-key' }),
    getToken: () => token.value,
    refresh,
  });
}

describe('createStorageFilesApi upload', () => {
  it('posts the file as supabase-js does, with the session token, and reports progress to the end', async () => {
    seen.length = 0;
    answer = (_req, res) => json(res, 200, { Id: 'o-1', Key: 'documents/Q1 plans/é.txt' });
    const progress: [number, number][] = [];
    await api().upload('documents', 'Q1 plans/é.txt', new Blob(['hello files'], { type: 'text/plain' }), { onProgress: (l, t) => progress.push([l, t]) });

    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/storage/v1/object/documents/Q1%20plans/%C3%A9.txt');
    expect(req!.headers.authorization).toBe('Bearer token-1');
    expect(req!.headers.apikey).toBe('anon-key');
    expect(req!.headers['x-upsert']).toBe('false');
    expect(req!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req!.body).toMatch(/name="cacheControl"\r\n\r\n3600\r\n/);
    expect(req!.body).toContain('hello files');
    expect(progress.at(-1)?.[0]).toBe(progress.at(-1)?.[1]);
  });

  it('sends the user metadata (sharing) as a form field before the file', async () => {
    seen.length = 0;
    answer = (_req, res) => json(res, 200, { Id: 'o-1', Key: 'documents/a.txt' });
    await api().upload('documents', 'a.txt', new Blob(['shared text']), { metadata: { shared: true } });
    expect(seen[0]!.body).toMatch(/name="metadata"\r\n\r\n\{"shared":true\}\r\n[\s\S]*shared text/);
  });

  it('sends x-upsert: true for Replace', async () => {
    seen.length = 0;
    answer = (_req, res) => json(res, 200, { Id: 'o-1', Key: 'documents/a.txt' });
    await api().upload('documents', 'a.txt', new Blob(['a']), { upsert: true });
    expect(seen[0]!.headers['x-upsert']).toBe('true');
  });

  it('refreshes the session once on 401 and sends again with the new token', async () => {
    seen.length = 0;
    const token = { value: 'old' };
    const refresh = jest.fn(async () => {
      token.value = 'new';
      return true;
    });
    answer = (req, res) => (req.headers.authorization === 'Bearer new' ? json(res, 200, { Id: 'o', Key: 'k' }) : json(res, 401, { statusCode: '401', error: 'InvalidJWT', message: 'jwt expired' }));
    await api(token, refresh).upload('documents', 'a.txt', new Blob(['a']));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
  });

  it.each([
    [409, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' }, 'exists', 'A file with this name already exists here.'],
    [413, { statusCode: '413', error: 'Payload too large', message: 'The object exceeded the maximum allowed size (1 MB)' }, 'too-large', 'This file is too large. The object exceeded the maximum allowed size (1 MB)'],
    [415, { statusCode: '415', error: 'invalid_mime_type', message: 'mime type application/zip is not supported' }, 'type', 'This type of file is not allowed here. mime type application/zip is not supported'],
    [413, { statusCode: '413', error: 'QuotaExceeded', message: "This library's storage is full (1 GB allowed)" }, 'quota', "The library's storage quota is used up. This library's storage is full (1 GB allowed)"],
    [403, { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }, 'other', NOT_PERMITTED],
  ] as const)('turns a %d refusal into a reason a person can act on', async (status, body, kind, message) => {
    answer = (_req, res) => json(res, status, body);
    const error = await api()
      .upload('documents', 'a.txt', new Blob(['a']))
      .then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(StorageFailure);
    expect((error as StorageFailure).status).toBe(status);
    expect(uploadProblem(error)).toEqual({ kind, message });
  });

  it('cancels: the request is aborted and the upload says so', async () => {
    answer = () => {}; // never answers
    const controller = new AbortController();
    const pending = api().upload('documents', 'slow.txt', new Blob(['x'.repeat(1000)]), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.then(() => null, (e: unknown) => e);
    expect(uploadProblem(error)).toEqual({ kind: 'cancelled', message: 'Cancelled.' });
  });
});
