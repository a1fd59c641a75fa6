// Uploads that end badly, hundreds at once, against the real server process (server/dist/main.js): raw
// and multipart bodies streamed past the size limit, bodies far past it (beyond what is drained), and
// clients that vanish mid-body. Whatever happens to one request, the process stays up and answers.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { FATAL_OUTPUT, startServerProcess, type ServerProcess } from '../testing/server-process.js';

jest.setTimeout(300_000);

const LIMIT = 256 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 7);

type Outcome = { status: number } | { error: string };

describe('hostile uploads against a listening server', () => {
  let server: ServerProcess;
  let token = '';
  beforeAll(async () => {
    server = await startServerProcess({ STORAGE_FILE_SIZE_LIMIT: String(LIMIT), STORAGE_RATE_LIMIT: '100000' });
    const { environment, library, admin } = DEMO_CREDENTIALS;
    const res = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ environment, library, email: admin.email, password: admin.password }),
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as { token: string }).token;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  /**
   * Streams `bytes` (in 64 KB writes, as fast as the socket takes them) to an upload URL; `abortAfter`
   * destroys the request once that many bytes are written. Multipart wraps the bytes in a form.
   */
  function upload(name: string, bytes: number, options: { multipart?: boolean; abortAfter?: number } = {}): Promise<Outcome> {
    const boundary = 'x-accent-boundary';
    const head = options.multipart
      ? Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        )
      : Buffer.alloc(0);
    const tail = options.multipart ? Buffer.from(`\r\n--${boundary}--\r\n`) : Buffer.alloc(0);
    return new Promise((resolve) => {
      const req = httpRequest(`${server.base}/storage/v1/object/documents/abuse/${name}`, {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'x-upsert': 'true',
          'content-type': options.multipart ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream',
        },
      });
      let settled = false;
      const done = (outcome: Outcome) => {
        if (!settled) {
          settled = true;
          resolve(outcome);
        }
      };
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', (error) => done({ error: error.message }));
      });
      req.on('error', (error) => done({ error: error.message }));
      let sent = 0;
      const pump = () => {
        if (head.length && sent === 0) req.write(head);
        while (sent < bytes) {
          if (options.abortAfter !== undefined && sent >= options.abortAfter) {
            req.destroy();
            done({ error: 'aborted by the client' });
            return;
          }
          const piece = CHUNK.subarray(0, Math.min(CHUNK.length, bytes - sent));
          sent += piece.length;
          if (!req.write(piece)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end(tail);
      };
      pump();
    });
  }

  it('survives hundreds of concurrent over-limit and aborted uploads, and answers afterwards', async () => {
    const started = performance.now();
    const jobs: Promise<Outcome>[] = [];
    for (let i = 0; i < 60; i++) {
      jobs.push(upload(`raw-over-${i}.bin`, 4 * LIMIT));
      jobs.push(upload(`form-over-${i}.bin`, 4 * LIMIT, { multipart: true }));
      jobs.push(upload(`raw-cut-${i}.bin`, 4 * LIMIT, { abortAfter: (i % 6) * 64 * 1024 + 64 * 1024 }));
      jobs.push(upload(`form-cut-${i}.bin`, 4 * LIMIT, { multipart: true, abortAfter: (i % 8) * 64 * 1024 + 64 * 1024 }));
      jobs.push(upload(`fine-${i}.bin`, LIMIT / 4, { multipart: i % 2 === 0 }));
    }
    // far past the limit and past what is read and thrown away to answer 413: the server cuts these
    for (let i = 0; i < 3; i++) jobs.push(upload(`huge-${i}.bin`, 70 * 1024 * 1024));
    const outcomes = await Promise.all(jobs);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = outcomes.map((o) => ('status' in o ? String(o.status) : 'cut'));
    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    console.log(`${outcomes.length} uploads in ${seconds} s: ${JSON.stringify(counts)}`);
    if (server.exits.length) console.log(`the server exited (${server.exits.join(', ')}):\n${server.output().slice(-3000)}`);

    // over-limit uploads are refused with 413 (never a 5xx); the fine ones are stored
    expect(statuses.filter((s) => s.startsWith('5'))).toEqual([]);
    for (let i = 0; i < 60; i++) {
      expect(statuses[i * 5]).toBe('413');
      expect(statuses[i * 5 + 1]).toBe('413');
      expect(statuses[i * 5 + 4]).toBe('200');
    }

    expect(server.exits).toEqual([]);
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    expect(await upload('after.bin', 1024)).toEqual({ status: 200 });
    expect(server.output()).not.toMatch(FATAL_OUTPUT);
  });
});
