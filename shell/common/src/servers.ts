// Admin → Settings → Servers: the server processes sharing this studio's database, each registered with
// a heartbeat (role, version, where it keeps files, last seen).
import { z } from 'zod';

/** SERVER_ROLE: `all` serves people and runs jobs; `web` serves people (sends jobs, runs none); `worker` runs jobs and answers only health and metrics. */
export const SERVER_ROLES = ['all', 'web', 'worker'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

export const STORAGE_KINDS = ['folder', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

export const serverInfoSchema = z.object({
  id: z.string(),
  role: z.enum(SERVER_ROLES),
  version: z.string(),
  /** host name and process id */
  host: z.string(),
  pid: z.number(),
  storage_kind: z.enum(STORAGE_KINDS),
  /** the folder (host:path) or the bucket (endpoint/bucket) */
  storage_location: z.string(),
  started_at: z.string(),
  last_seen: z.string(),
  /** heartbeat fresh: the process is running */
  live: z.boolean(),
  /** the server that answered this request */
  this_server: z.boolean(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

/** GET /api/v1/admin/servers */
export const serversResponseSchema = z.object({ servers: z.array(serverInfoSchema) });
export type ServersResponse = z.infer<typeof serversResponseSchema>;
