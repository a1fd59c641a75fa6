// A throwaway PostgreSQL for benchmarks: a cluster of Debian's PostgreSQL on 127.0.0.1:<port> (installed
// with apt when missing and running as root), stopped and deleted afterwards.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : undefined;
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool, as the postgres user when we are root (initdb and postgres refuse root). */
function pgTool(bin, args) {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'inherit'] });
}

/** A throwaway cluster on 127.0.0.1:port (sockets in its own folder); stopped and deleted afterwards. */
export async function withThrowawayPostgres(work, port = 55432) {
  let bin = postgresBinDir();
  if (!bin && isRoot) {
    console.log('Installing Debian\'s PostgreSQL (apt-get install -y postgresql)…');
    try {
      execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'ignore' });
      execFileSync('apt-get', ['install', '-y', 'postgresql'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    }
    bin = postgresBinDir();
  }
  if (!bin) {
    console.log('PostgreSQL: skipped (no DATABASE_URL, no /usr/lib/postgresql/*/bin/initdb, and not root to install it)');
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'accent-bench-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  let started = false;
  try {
    pgTool(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8']);
    pgTool(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
    started = true;
    await work(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    if (started) pgTool(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}

