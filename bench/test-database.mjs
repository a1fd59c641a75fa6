// What a server test pays for its database: a new in-memory PGlite migrated and seeded (as every test
// context did), against one started from a dump of such a database (server/src/testing/seeded-database.ts).
// Wall time and CPU time (user + system) of this process, median of N each, alternating; CPU time is
// the steadier figure on a shared, busy machine.
// Usage: pnpm --filter @accent/server build && node bench/test-database.mjs [--runs N]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const i = process.argv.indexOf('--runs');
const runs = i > 0 ? Number(process.argv[i + 1]) : 5;
const dist = path.join(ROOT, 'server', 'dist');
const load = (file) => import(pathToFileURL(path.join(dist, file)).href);
const [{ openDatabase }, { migrate }, { seedDemoData }, { openSeededDatabase, SNAPSHOT_DIR_ENV }] = await Promise.all([
  load('db/database.js'),
  load('db/migrate.js'),
  load('db/seed.js'),
  load('testing/seeded-database.js'),
]);

async function measure(open) {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const database = await open();
  const used = process.cpuUsage(cpu);
  const result = { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
  await database.close();
  return result;
}

const fresh = async () => {
  const database = await openDatabase({ kind: 'pglite' });
  await migrate(database);
  await seedDemoData(database, { isProduction: false });
  return database;
};

const dir = mkdtempSync(path.join(tmpdir(), 'accent-test-db-bench-'));
process.env[SNAPSHOT_DIR_ENV] = dir;
try {
  await (await openSeededDatabase()).close(); // makes the dump, as the first test of a jest run does
  const samples = { fresh: [], dump: [] };
  for (let n = 0; n < runs; n++) {
    samples.fresh.push(await measure(fresh));
    samples.dump.push(await measure(openSeededDatabase));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const figure = (list, key) => median(list.map((s) => s[key])).toFixed(0);
  for (const [name, list] of Object.entries(samples)) {
    console.log(`${name === 'fresh' ? 'initdb + migrate + seed' : 'from the dump          '}: wall ${figure(list, 'wall')} ms, CPU ${figure(list, 'cpu')} ms (median of ${runs})`);
  }
  console.log(
    `RESULT test-database fresh_ms=${figure(samples.fresh, 'wall')} fresh_cpu_ms=${figure(samples.fresh, 'cpu')} dump_ms=${figure(samples.dump, 'wall')} dump_cpu_ms=${figure(samples.dump, 'cpu')} runs=${runs} load1=${loadavg()[0].toFixed(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
