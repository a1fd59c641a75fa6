// Row types of public.pages, public.page_versions and public.page_personalizations (migration 010) for
// kysely, kept here (like flows/tables.ts and missions/tables.ts) so the pages module does not edit the
// shared DB interface.
import type { PageStatus } from '@accent/pages-common';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Defaulted, GeneratedTimestamp, Nullable, NullableTimestamp, RowId } from '../db/columns.js';
import type { DB } from '../db/schema.js';

export interface PagesTable {
  id: RowId;
  library_id: string;
  user_id: string;
  name: Generated<string>;
  description: Generated<string>;
  agent_name: Generated<string>;
  template_id: Nullable<string>;
  /** validated when published (pageDraftSchema): a row written through the gateway may hold anything */
  components: ColumnType<unknown, string | undefined, string>;
  status: Defaulted<PageStatus>;
  slug: Nullable<string>;
  published_version: Nullable<number>;
  published_at: NullableTimestamp;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface PageVersionsTable {
  id: Generated<string>;
  page_id: string;
  library_id: string;
  version: number;
  name: string;
  agent_name: string;
  /** written from a validated draft (canvas components) */
  components: ColumnType<unknown, string, never>;
  published_by: string;
  published_at: GeneratedTimestamp;
}

export interface PagePersonalizationsTable {
  id: Generated<string>;
  page_id: string;
  library_id: string;
  token: string;
  prospect_name: string;
  crm_data: ColumnType<Record<string, string>, string, string>;
  created_by: string;
  created_at: GeneratedTimestamp;
}

export type PageTables = {
  pages: PagesTable;
  page_versions: PageVersionsTable;
  page_personalizations: PagePersonalizationsTable;
};

export type PagesDB = DB & PageTables;

export const withPageTables = (db: Kysely<DB>) => db.withTables<PageTables>();
