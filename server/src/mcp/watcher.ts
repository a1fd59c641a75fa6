// Keeping the stored tool lists current: the worker holds a client per MCP server, subscribed to
// notifications/tools/list_changed (the SDK keeps the Streamable HTTP GET stream or the SSE stream open
// for it); on a notification, and on each (re)connection, the server's tools are listed again and
// stored, so Admin → MCP servers and the agents' Tools tab show them without a manual Refresh. A lost
// connection is retried with a growing delay; every `relistMs` each server is listed again anyway (a
// server that never notifies, or a notification lost while disconnected). The set of servers is read
// again every `resyncMs` (servers added, removed or changed in another process).
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { connectMcp } from './client.js';
import { loadMcpServers, mcpPolicy, relistMcpTools, type StoredMcpServer } from './servers.js';

export interface McpWatcherOptions {
  db: Kysely<DB>;
  masterKey: Buffer;
  /** FLOW_ALLOW_HOSTS */
  environmentHosts: readonly string[];
  log: { warn(message: string): void };
  /** how often the set of servers is read again (default 30 s) */
  resyncMs?: number;
  /** how often every server is listed again without a notification (default 10 min) */
  relistMs?: number;
  /** the first reconnection delay, doubled up to `maxBackoffMs` (defaults 1 s and 5 min) */
  backoffMs?: number;
  maxBackoffMs?: number;
}

interface Watch {
  server: StoredMcpServer;
  libraryId: string;
  /** what the connection depends on: a change reconnects */
  key: string;
  client: Client | null;
  attempts: number;
  retry: NodeJS.Timeout | null;
  closed: boolean;
}

export interface McpWatcher {
  start(): void;
  /** reads the servers again now (also run every resyncMs) */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

const keyOf = (s: StoredMcpServer) => JSON.stringify([s.url, s.transport, s.auth, s.headerName, s.secret]);

export function createMcpWatcher(options: McpWatcherOptions): McpWatcher {
  const { db, masterKey, environmentHosts, log } = options;
  const resyncMs = options.resyncMs ?? 30_000;
  const relistMs = options.relistMs ?? 600_000;
  const backoffMs = options.backoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 300_000;
  const watches = new Map<string, Watch>();
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  async function relist(watch: Watch) {
    if (watch.closed) return;
    try {
      await relistMcpTools(db, watch.server, await mcpPolicy(db, watch.libraryId, environmentHosts));
    } catch (error) {
      log.warn(`MCP server ${watch.server.name}: listing its tools failed (${(error as Error).message})`);
    }
  }

  function reconnectLater(watch: Watch) {
    if (watch.closed || watch.retry) return;
    const delay = Math.min(maxBackoffMs, backoffMs * 2 ** watch.attempts);
    watch.attempts += 1;
    watch.retry = setTimeout(() => {
      watch.retry = null;
      void connect(watch);
    }, delay);
    watch.retry.unref();
  }

  async function connect(watch: Watch) {
    if (watch.closed) return;
    let client: Client;
    try {
      client = await connectMcp(watch.server, await mcpPolicy(db, watch.libraryId, environmentHosts));
    } catch {
      reconnectLater(watch);
      return;
    }
    if (watch.closed) {
      await client.close().catch(() => undefined);
      return;
    }
    watch.client = client;
    watch.attempts = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => relist(watch));
    client.onclose = () => {
      if (watch.client === client) watch.client = null;
      reconnectLater(watch);
    };
    // what changed while nobody listened
    await relist(watch);
  }

  async function close(watch: Watch) {
    watch.closed = true;
    if (watch.retry) clearTimeout(watch.retry);
    const client = watch.client;
    watch.client = null;
    await client?.close().catch(() => undefined);
  }

  async function sync() {
    if (stopped) return;
    const libraries = await db.selectFrom('libraries').select('id').execute();
    const seen = new Set<string>();
    for (const { id: libraryId } of libraries) {
      for (const server of await loadMcpServers(db, masterKey, libraryId)) {
        seen.add(server.id);
        const current = watches.get(server.id);
        if (current && current.key === keyOf(server)) {
          current.server = server;
          continue;
        }
        if (current) await close(current);
        const watch: Watch = { server, libraryId, key: keyOf(server), client: null, attempts: 0, retry: null, closed: false };
        watches.set(server.id, watch);
        void connect(watch);
      }
    }
    for (const [id, watch] of watches)
      if (!seen.has(id)) {
        watches.delete(id);
        await close(watch);
      }
  }

  const safely = (what: string, task: () => Promise<unknown>) => () => {
    task().catch((error: unknown) => log.warn(`MCP watcher: ${what} failed (${(error as Error).message})`));
  };

  return {
    start() {
      stopped = false;
      safely('reading the servers', sync)();
      timers.push(
        setInterval(safely('reading the servers', sync), resyncMs),
        setInterval(
          safely('listing tools', () => Promise.all([...watches.values()].map(relist))),
          relistMs,
        ),
      );
      for (const t of timers) t.unref();
    },
    sync,
    async stop() {
      stopped = true;
      for (const t of timers.splice(0)) clearInterval(t);
      await Promise.all([...watches.values()].map(close));
      watches.clear();
    },
  };
}
