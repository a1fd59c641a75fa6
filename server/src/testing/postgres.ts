// A throwaway PostgreSQL for tests and benchmarks: a cluster of Debian's PostgreSQL (apt-get install
// postgresql) on 127.0.0.1:<port>, its sockets in its own folder, stopped and deleted afterwards. As root,
// initdb and postgres run as the `postgres` user (they refuse root).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  /** Stops the server, keeping the cluster (a database outage); `startServer` brings it back on the same port. */
  stopServer(): void;
  startServer(): void;
  stop(): Promise<void>;
}

/** The newest /usr/lib/postgresql/<major>/bin holding initdb, if any. */
export function postgresBinDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

const isRoot = () => process.getuid?.() === 0;

function pgTool(bin: string, args: string[]) {
  const [command, commandArgs] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, commandArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; undefined when PostgreSQL is not installed. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | undefined> {
  const bin = postgresBinDir();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'accent-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const port = await freePort();
  pgTool(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8']);
  const startServer = () => pgTool(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start']);
  startServer();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopServer: () => pgTool(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
    startServer,
    async stop() {
      try {
        pgTool(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped by stopServer()
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
