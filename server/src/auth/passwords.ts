// Password hashing with scrypt (node:crypto) and a per-user random salt. The stored form carries its
// parameters so they can be raised later without invalidating existing hashes.
//
// The cost is OWASP's recommendation for scrypt (N=2^17, r=8, p=1: 128 MiB and ~¼ s of one core per
// hash). node:crypto's async scrypt would run it on libuv's thread pool, which file reads, DNS lookups
// and zlib share: a burst of sign-ins would queue every static file behind the hashes. So hashes run in
// a pool of worker threads of their own, one fewer than the cores (at least one), leaving a core to the
// event loop; sign-ins beyond the pool's size wait in its queue, not in front of other requests.
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** scrypt needs 128·N·r bytes; node refuses above `maxmem` (32 MiB by default). */
const maxmemFor = (N: number, r: number) => 256 * N * r + 1024 * 1024;

// A worker evaluated from source (CommonJS), so the same code runs from dist/ and under jest.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;

interface Task {
  id: number;
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

export function createHashPool(size: number) {
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  const queue: Task[] = [];
  let workers = 0;
  let nextId = 0;

  function spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    workers++;
    worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const task = running.get(worker);
      running.delete(worker);
      if (task) {
        if (message.key) task.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
        else task.reject(new Error(`scrypt failed: ${message.error}`));
      }
      release(worker);
    });
    let dead = false;
    const fail = (error: Error) => {
      if (dead) return; // 'error' is followed by 'exit'
      dead = true;
      const task = running.get(worker);
      running.delete(worker);
      workers--;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      task?.reject(error);
      pump(); // a replacement takes the queue
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing worker exited (${code})`)));
    return worker;
  }

  function release(worker: Worker) {
    const task = queue.shift();
    if (task) return start(worker, task);
    worker.unref(); // an idle pool never keeps the process alive
    idle.push(worker);
  }

  function start(worker: Worker, task: Task) {
    worker.ref();
    running.set(worker, task);
    const { id, password, salt, keyLength, options } = task;
    worker.postMessage({ id, password, salt, keyLength, options });
  }

  function pump() {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (workers < size ? spawn() : undefined);
      if (!worker) return;
      start(worker, queue.shift()!);
    }
  }

  return {
    scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, password, salt, keyLength, options, resolve, reject });
        pump();
      });
    },
    /** For tests: how many hashes wait for a worker. */
    get queued() {
      return queue.length;
    },
    async close() {
      const all = [...idle, ...running.keys()];
      idle.length = 0;
      await Promise.all(all.map((w) => w.terminate()));
    },
  };
}

export const POOL_SIZE = Math.max(1, availableParallelism() - 1);
const pool = createHashPool(POOL_SIZE);

/** `scrypt$N$r$p$<salt base64>$<hash base64>` */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await pool.scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks against the parameters stored with the hash, so hashes made at an older cost keep working. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const N = Number(n);
  const R = Number(r);
  const key = await pool.scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N, r: R, p: Number(p), maxmem: maxmemFor(N, R) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | undefined;
/**
 * A valid hash of a random password: checking an unknown email against it costs the same time as a
 * real check, so response times do not reveal which emails exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
