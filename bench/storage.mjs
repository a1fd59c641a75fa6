// Library storage (/storage/v1) against the built server with its defaults (embedded PGlite, contents in
// DATA_DIR/storage): uploads of many small files one after another and 8 at a time, their downloads, a
// list of the folder, and one large file streamed up and down. Prints files/s, MB/s and p50/p99 in ms.
// Figures only, no assertions.
//
// Usage: pnpm --filter @accent/server build && node bench/storage.mjs
//   STORAGE_BENCH_FILES (default 200), STORAGE_BENCH_FILE_KB (default 100), STORAGE_BENCH_LARGE_MB (default 40)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startServer } from './lib.mjs';

const FILES = Number(process.env.STORAGE_BENCH_FILES ?? 200);
const FILE_KB = Number(process.env.STORAGE_BENCH_FILE_KB ?? 100);
const LARGE_MB = Number(process.env.STORAGE_BENCH_LARGE_MB ?? 40);
const CONCURRENCY = 8;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (n) => n.toFixed(1);

async function timed(work) {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function inParallel(count, concurrency, task) {
  const durations = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        durations.push(await timed(() => task(i)));
      }
    }),
  );
  return durations;
}

const server = await startServer(3590, { STORAGE_QUOTA_BYTES: String(20 * 1024 ** 3) });
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ environment: 'lo-n02', library: 'sales2', email: 'admin@accent.local', password: 'accent-admin' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const object = (name) => `${server.url}/storage/v1/object/documents/${name}`;
  const must = async (response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response;
  };
  const body = randomBytes(FILE_KB * 1024);
  const upload = (name) => fetch(object(name), { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body }).then(must);
  const download = (name) => fetch(object(name), { headers: auth }).then(must).then((r) => r.arrayBuffer());

  const rows = [];
  const report = (what, durations, totalMs, bytes) => {
    rows.push({
      what,
      'files/s': (durations.length / (totalMs / 1000)).toFixed(1),
      'MB/s': ((bytes / 1024 / 1024) / (totalMs / 1000)).toFixed(1),
      'p50 ms': ms(percentile(durations, 50)),
      'p99 ms': ms(percentile(durations, 99)),
    });
  };

  let started = performance.now();
  const sequential = [];
  for (let i = 0; i < FILES; i++) sequential.push(await timed(() => upload(`bench/seq/${i}.bin`)));
  report(`upload ${FILES} × ${FILE_KB} KB, one at a time`, sequential, performance.now() - started, FILES * body.length);

  started = performance.now();
  const parallel = await inParallel(FILES, CONCURRENCY, (i) => upload(`bench/par/${i}.bin`));
  report(`upload ${FILES} × ${FILE_KB} KB, ${CONCURRENCY} at a time`, parallel, performance.now() - started, FILES * body.length);

  started = performance.now();
  const downloads = await inParallel(FILES, CONCURRENCY, (i) => download(`bench/par/${i}.bin`));
  report(`download ${FILES} × ${FILE_KB} KB, ${CONCURRENCY} at a time`, downloads, performance.now() - started, FILES * body.length);

  const lists = [];
  for (let i = 0; i < 20; i++) {
    lists.push(
      await timed(() =>
        fetch(`${server.url}/storage/v1/object/list/documents`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ prefix: 'bench/par', limit: 100 }) }).then(must),
      ),
    );
  }
  rows.push({ what: `list 100 of ${FILES} (20 times)`, 'files/s': '', 'MB/s': '', 'p50 ms': ms(percentile(lists, 50)), 'p99 ms': ms(percentile(lists, 99)) });

  const large = randomBytes(LARGE_MB * 1024 * 1024);
  const up = await timed(() => fetch(object('bench/large.bin'), { method: 'POST', headers: { ...auth, 'content-type': 'application/octet-stream' }, body: large }).then(must));
  report(`upload 1 × ${LARGE_MB} MB`, [up], up, large.length);
  const down = await timed(() => download('bench/large.bin'));
  report(`download 1 × ${LARGE_MB} MB`, [down], down, large.length);

  console.log(`Library storage on the built server (PGlite, contents in DATA_DIR/storage), ${new Date().toISOString()}`);
  console.table(rows);
} finally {
  await server.stop();
}
