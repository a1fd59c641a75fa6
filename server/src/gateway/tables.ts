// The tables the data gateway (/rest/v1) exposes, and how. Anything not listed here does not exist for
// the browser (404 PGRST205), whatever the database holds. Row-level security in the migrations decides
// which rows a caller sees; `writable: false` refuses POST/PATCH/DELETE before reaching the database
// (the grants refuse them too, so a hosted Supabase project behaves the same).
//
// Adding a table: create it with RLS policies and grants to `authenticated` in a migration, then add
// one line here.

export interface GatewayTableConfig {
  /** POST, PATCH and DELETE allowed (else 403 42501, like PostgREST without the grant). */
  writable: boolean;
  /** Most rows one GET answers (a hosted Supabase project's default max-rows is 1000). */
  maxRows: number;
}

export const DEFAULT_MAX_ROWS = 1000;

export const GATEWAY_TABLES: Readonly<Record<string, GatewayTableConfig>> = {
  missions: { writable: true, maxRows: DEFAULT_MAX_ROWS },
  mission_runs: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  // 007: flows (admins and builders write; members only read their own) and their runs
  flows: { writable: true, maxRows: DEFAULT_MAX_ROWS },
  flow_runs: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  // 008: background agents (admins and builders write; members only read their own) and their runs
  background_agents: { writable: true, maxRows: DEFAULT_MAX_ROWS },
  background_runs: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  // 010: pages (admins and builders write; members read published ones), their immutable published
  // versions and prospect personalisations (both written only by the pages API)
  pages: { writable: true, maxRows: DEFAULT_MAX_ROWS },
  page_versions: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  page_personalizations: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  // 027: versions of flows and background agents, read like their flow or agent (written only by the server)
  flow_versions: { writable: false, maxRows: DEFAULT_MAX_ROWS },
  background_agent_versions: { writable: false, maxRows: DEFAULT_MAX_ROWS },
};
