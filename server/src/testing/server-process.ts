// The server as operators run it: `node server/dist/main.js` in a child process (built by
// `pnpm --filter @accent/server build`; npm test type-checks, which builds, before jest). Tests that must
// prove the process never exits (database faults, hostile uploads) drive it over real HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.js';

export const SERVER_MAIN = join(REPO_ROOT, 'server', 'dist', 'main.js');

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
  /** exit codes seen (empty while it runs) */
  readonly exits: (number | null)[];
  /** stdout and stderr so far */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts main.js on a free port (127.0.0.1) with `env` over test defaults; resolves once it listens.
 * `onOutput` hears everything it has written so far at each write, also while it starts.
 */
export async function startServerProcess(env: Record<string, string>, onOutput?: (output: string) => void): Promise<ServerProcess> {
  if (!existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run pnpm --filter @accent/server build first`);
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'a-jwt-secret-for-server-process-tests',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-process-')),
      STATIC_ROOT: mkdtempSync(join(tmpdir(), 'accent-static-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exits: (number | null)[] = [];
  let output = '';
  child.on('exit', (code) => exits.push(code));
  const base = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      onOutput?.(output);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) while starting:\n${output}`)));
  });
  return {
    base,
    child,
    exits,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** What a process that died of an unhandled error leaves in its output. */
export const FATAL_OUTPUT = /Unhandled 'error' event|uncaughtException|UnhandledPromiseRejection|ERR_STREAM_DESTROYED/;
