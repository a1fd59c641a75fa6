// Password hashing: Argon2id at OWASP's first recommendation (19 MiB, t=2, p=1) with a per-user random
// salt, in the PHC string form that carries its parameters. Hashes stored by earlier versions (scrypt at
// N=2^17, 128 MiB and ~¼–½ s of a core each) keep verifying and are replaced by an Argon2id hash at the
// user's next sign-in. Argon2id costs ~15 ms of a core here: a burst of sign-ins no longer fills minutes.
//
// Hashes run in a pool of worker threads of their own, one fewer than the cores (at least one), leaving a
// core to the event loop (libuv's thread pool, which file reads, DNS and zlib share, stays free). The
// pool knows how long its hashes take: a sign-in that would wait longer than it may is refused at once
// (HashPoolBusyError, the route's 503 with Retry-After) instead of queueing behind everyone, and work
// whose caller left (a closed request) leaves the queue.
import { createRequire } from 'node:module';
import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** OWASP Password Storage Cheat Sheet, Argon2id's first configuration: m=19 MiB, t=2, p=1. */
export const ARGON2_PARAMS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
/** The cost of the hashes earlier versions stored (still verified, upgraded at sign-in). */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;

/** scrypt needs 128·N·r bytes; node refuses above `maxmem` (32 MiB by default). */
const maxmemFor = (N: number, r: number) => 256 * N * r + 1024 * 1024;

// A worker evaluated from source (CommonJS), so the same code runs from dist/ and under jest; the
// Argon2 binding is required by its resolved path (an eval'd worker resolves from nowhere).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op }) => {
  try {
    let result;
    if (op.kind === 'scrypt') result = scryptSync(op.password, Buffer.from(op.salt), op.keyLength, op.options);
    else if (op.kind === 'argon2-hash') result = argon2.hashSync(op.password, { ...op.params, algorithm: 2 });
    else result = argon2.verifySync(op.hash, op.password);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});`;
const ARGON2_PATH = createRequire(import.meta.url).resolve('@node-rs/argon2');

export type HashOp =
  | { kind: 'scrypt'; password: string; salt: Buffer; keyLength: number; options: ScryptOptions }
  | { kind: 'argon2-hash'; password: string; params: typeof ARGON2_PARAMS }
  | { kind: 'argon2-verify'; password: string; hash: string };
type HashResult<K extends HashOp['kind']> = K extends 'scrypt' ? Buffer : K extends 'argon2-hash' ? string : boolean;

/** Refused because the queue is too long to finish in time: try again after `retryAfterSeconds`. */
export class HashPoolBusyError extends Error {
  override name = 'HashPoolBusyError';
  constructor(readonly retryAfterSeconds: number) {
    super(`Password hashing is busy: try again in ${retryAfterSeconds} seconds`);
  }
}

export interface HashRunOptions {
  /** Refuse at once (HashPoolBusyError) when the estimated wait plus the hash exceeds this. */
  maxWaitMs?: number;
  /** Aborting removes a queued hash (its caller left); a running one finishes and is discarded. */
  signal?: AbortSignal;
}

/** A place in the queue held for a hash to come; run() takes it, release() gives it back. */
export interface Reservation {
  run<K extends HashOp['kind']>(op: Extract<HashOp, { kind: K }>, options?: Omit<HashRunOptions, 'maxWaitMs'>): Promise<HashResult<K>>;
  release(): void;
}

interface Task {
  id: number;
  op: HashOp;
  /** the estimate it was queued with (subtracted from the queue's total when it starts) */
  cost: number;
  startedAt: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  settle?: () => void;
}

/** Until measured: a guess per kind of hash (ms of one core). */
const FIRST_GUESS_MS: Record<HashOp['kind'], number> = { scrypt: 400, 'argon2-hash': 30, 'argon2-verify': 30 };
const argon2Kind = (kind: HashOp['kind']) => (kind === 'scrypt' ? 'scrypt' : 'argon2');

export function createHashPool(size: number) {
  const idle: Worker[] = [];
  const running = new Map<Worker, Task>();
  const queue: Task[] = [];
  /** measured time of one hash, by algorithm (moving average) */
  const measured = new Map<string, number>();
  let queuedMs = 0;
  let workers = 0;
  let nextId = 0;

  const estimate = (kind: HashOp['kind']) => measured.get(argon2Kind(kind)) ?? FIRST_GUESS_MS[kind];
  function record(kind: HashOp['kind'], ms: number) {
    const key = argon2Kind(kind);
    const previous = measured.get(key);
    measured.set(key, previous === undefined ? ms : previous * 0.8 + ms * 0.2);
  }

  function spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: ARGON2_PATH } });
    workers++;
    worker.on('message', (message: { id: number; result?: Uint8Array | string | boolean; error?: string }) => {
      const task = running.get(worker);
      running.delete(worker);
      if (task) {
        record(task.op.kind, performance.now() - task.startedAt);
        task.settle?.();
        const { result } = message;
        if (message.error !== undefined) task.reject(new Error(`${task.op.kind === 'scrypt' ? 'scrypt' : 'argon2'} failed: ${message.error}`));
        else if (result instanceof Uint8Array) task.resolve(Buffer.from(result.buffer, result.byteOffset, result.byteLength));
        else task.resolve(result);
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
      task?.settle?.();
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
    queuedMs -= task.cost;
    worker.ref();
    task.startedAt = performance.now();
    running.set(worker, task);
    worker.postMessage({ id: task.id, op: task.op });
  }

  function pump() {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (workers < size ? spawn() : undefined);
      if (!worker) return;
      start(worker, queue.shift()!);
    }
  }

  /** ms until a new hash of this kind would be done: the queue and what runs, shared by the workers, then its own. */
  function estimatedFinishMs(kind: HashOp['kind']): number {
    const now = performance.now();
    let runningMs = 0;
    for (const task of running.values()) runningMs += Math.max(0, estimate(task.op.kind) - (now - task.startedAt));
    const free = idle.length > 0 || workers < size;
    const waitMs = free && queuedMs <= 0 ? 0 : (Math.max(0, queuedMs) + runningMs) / size;
    return waitMs + estimate(kind);
  }

  /** Refuses when a hash of this kind could not be done within maxWaitMs. */
  function admit(kind: HashOp['kind'], maxWaitMs: number | undefined): HashPoolBusyError | null {
    if (maxWaitMs === undefined) return null;
    const finishMs = estimatedFinishMs(kind);
    return finishMs > maxWaitMs ? new HashPoolBusyError(Math.max(1, Math.ceil(finishMs / 1000))) : null;
  }

  /**
   * Admits a hash that will be asked for a little later (after a database lookup), or refuses it at once:
   * its cost counts in the queue from now, so a burst is refused before it reaches the database.
   */
  function reserve(kind: HashOp['kind'], maxWaitMs: number): Reservation {
    const refused = admit(kind, maxWaitMs);
    if (refused) throw refused;
    const cost = estimate(kind);
    queuedMs += cost;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      queuedMs -= cost;
    };
    return {
      run: (op, options) => {
        release();
        return run(op, { ...options, maxWaitMs: undefined });
      },
      release,
    };
  }

  function run<K extends HashOp['kind']>(op: Extract<HashOp, { kind: K }>, options: HashRunOptions = {}): Promise<HashResult<K>> {
    const { signal, maxWaitMs } = options;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const refused = admit(op.kind, maxWaitMs);
    if (refused) return Promise.reject(refused);
    return new Promise<HashResult<K>>((resolve, reject) => {
      const task: Task = { id: nextId++, op, cost: estimate(op.kind), startedAt: 0, resolve: resolve as (result: unknown) => void, reject };
      if (signal) {
        const onAbort = () => {
          const at = queue.indexOf(task);
          if (at >= 0) {
            queue.splice(at, 1);
            queuedMs -= task.cost;
          }
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        task.settle = () => signal.removeEventListener('abort', onAbort);
      }
      queuedMs += task.cost;
      queue.push(task);
      pump();
    });
  }

  return {
    run,
    reserve,
    scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions, runOptions?: HashRunOptions): Promise<Buffer> {
      return run({ kind: 'scrypt', password, salt, keyLength, options }, runOptions);
    },
    estimatedFinishMs,
    /** For tests and metrics: how many hashes wait for a worker. */
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

export type HashPool = ReturnType<typeof createHashPool>;

export const POOL_SIZE = Math.max(1, availableParallelism() - 1);
const pool = createHashPool(POOL_SIZE);

/** The process's hashing pool (sign-in's queue estimate). */
export const passwordHashPool: HashPool = pool;

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` */
export async function hashPassword(password: string, options?: HashRunOptions): Promise<string> {
  return pool.run({ kind: 'argon2-hash', password, params: ARGON2_PARAMS }, options);
}

const SCRYPT_KEY_LENGTH = 64;
const SCRYPT_SALT_LENGTH = 16;

/** `scrypt$N$r$p$<salt base64>$<hash base64>`: the earlier form, kept for tests of the upgrade. */
export async function hashPasswordScrypt(password: string, params: { N: number; r: number; p: number } = SCRYPT_PARAMS): Promise<string> {
  const { N, r, p } = params;
  const salt = randomBytes(SCRYPT_SALT_LENGTH);
  const key = await pool.scrypt(password, salt, SCRYPT_KEY_LENGTH, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks against the algorithm and parameters stored with the hash, so older hashes keep working. */
export async function verifyPassword(password: string, stored: string, options?: HashRunOptions & { reservation?: Reservation }): Promise<boolean> {
  const runner = options?.reservation ?? pool;
  if (stored.startsWith('$argon2id$')) return runner.run({ kind: 'argon2-verify', password, hash: stored }, options);
  const [scheme, n, r, p, saltB64, hashB64] = stored.split('$');
  if (scheme !== 'scrypt' || !hashB64) {
    options?.reservation?.release();
    return false;
  }
  const expected = Buffer.from(hashB64, 'base64');
  const N = Number(n);
  const R = Number(r);
  const op = {
    kind: 'scrypt' as const,
    password,
    salt: Buffer.from(saltB64, 'base64'),
    keyLength: expected.length,
    options: { N, r: R, p: Number(p), maxmem: maxmemFor(N, R) },
  };
  const key = await runner.run(op, options);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A real password hash (Argon2id, or the scrypt of earlier versions), not a marker such as single sign-on's. */
export const isPasswordHash = (stored: string) => stored.startsWith('$argon2id$') || stored.startsWith('scrypt$');

/** True for a hash made at less than today's algorithm and cost: replace it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  return !stored.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
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
