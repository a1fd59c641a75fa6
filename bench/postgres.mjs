// A throwaway PostgreSQL for benchmarks: the server's test helper (server/src/testing/postgres.ts, built
// by `pnpm build`), with Debian's PostgreSQL installed by apt when missing and running as root.
import { execFileSync } from 'node:child_process';
import { postgresBinDir, startThrowawayPostgres } from '../server/dist/testing/postgres.js';

const isRoot = process.getuid?.() === 0;

/** Runs `work(url, cluster)` against a throwaway cluster on a free port (`cluster.stopServer()` and
 * `startServer()` make an outage); stopped and deleted afterwards. */
export async function withThrowawayPostgres(work) {
  if (!postgresBinDir() && isRoot) {
    console.log('Installing Debian\'s PostgreSQL (apt-get install -y postgresql)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', env });
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'ignore' });
      execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', env });
    }
  }
  const postgres = await startThrowawayPostgres();
  if (!postgres) {
    console.log('PostgreSQL: skipped (no DATABASE_URL, no /usr/lib/postgresql/*/bin/initdb, and not root to install it)');
    return;
  }
  try {
    await work(postgres.url, postgres);
  } finally {
    await postgres.stop();
  }
}
