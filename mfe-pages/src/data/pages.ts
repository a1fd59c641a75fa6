// Pages storage (spec 02 §2.6, §3.7–3.9; migration 010): table operations on `pages` and the read-only
// `page_versions` through the page's data client, and the pages API on the page's axios client (publish,
// unpublish, prospect personalisations). The id, library_id, user_id, the publication columns and the
// timestamps are the database's: a save sends only the draft.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { AxiosInstance } from 'axios';
import { z } from 'zod';
import { api } from '@accent/shared/client';
import {
  personalizationInputSchema,
  PAGE_STATUSES,
  publishPageResponseSchema,
  type CanvasComponent,
  type PageDraft,
  type PagePersonalizationRow,
  type PageRow,
  type PageStatus,
  type PageVersionRow,
  type PublishPageResponse,
} from '@accent/pages-common';
import { getDataClient } from '@accent/shared/data';
import { attempt, databaseError, NOT_FOUND_CODE, strict, type DataClientSource } from '@accent/shared/data';

export const PAGES_TABLE = 'pages';
export const PAGE_VERSIONS_TABLE = 'page_versions';
/** The columns of the dashboards' lists (no components). */
export const PAGE_LIST_COLUMNS = 'id, name, description, agent_name, status, slug, published_version, published_at, created_at, updated_at';

export type PageSummary = Pick<PageRow, 'id' | 'name' | 'description' | 'agent_name' | 'status' | 'slug' | 'published_version' | 'published_at' | 'created_at' | 'updated_at'>;

/** A personalisation as the API answers it: the row and its prospect-specific link. */
export type PagePersonalization = PagePersonalizationRow & { url: string };
export type PersonalizationInput = z.input<typeof personalizationInputSchema>;

export interface PagesService {
  /** every page of the library (RLS: members only see published ones), most recently updated first */
  listPages(): Promise<PageSummary[]>;
  /** the published pages, most recently published first */
  listPublishedPages(): Promise<PageSummary[]>;
  /** null when there is none (PGRST116) */
  getPage(id: string): Promise<PageRow | null>;
  /** inserts when no id is given (a new draft), updates the draft otherwise */
  savePage(draft: PageDraft, id?: string | null): Promise<PageRow>;
  deletePage(id: string): Promise<void>;
  /** a draft copy named "{name} (Copy)"; null when the original is gone */
  duplicatePage(id: string): Promise<PageRow | null>;
  /** the page's published version (its newest when `version` is not given); null when never published */
  getPublishedVersion(pageId: string, version?: number | null): Promise<PageVersionRow | null>;
  /** POST /api/v1/pages/:id/publish: a new immutable version; the slug is kept */
  publishPage(id: string): Promise<PublishPageResponse>;
  /** POST /api/v1/pages/:id/unpublish */
  unpublishPage(id: string): Promise<void>;
  /** POST /api/v1/pages/:id/personalizations */
  createPersonalization(pageId: string, input: PersonalizationInput): Promise<PagePersonalization>;
  /** GET /api/v1/pages/:id/personalizations, newest first */
  listPersonalizations(pageId: string): Promise<PagePersonalization[]>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' ? v : null);
const intOrNull = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const status = (v: unknown): PageStatus => ((PAGE_STATUSES as readonly unknown[]).includes(v) ? (v as PageStatus) : 'draft');
// Components are checked when shown (an unknown type renders "Unknown block type"), not dropped here.
const components = (v: unknown): CanvasComponent[] =>
  Array.isArray(v) ? (v.filter((c) => c && typeof c === 'object' && (c as { layout?: unknown }).layout && typeof (c as { layout?: unknown }).layout === 'object') as CanvasComponent[]) : [];

export function pageSummaryFromRow(row: Record<string, unknown>): PageSummary {
  return {
    id: str(row.id),
    name: str(row.name),
    description: str(row.description),
    agent_name: str(row.agent_name),
    status: status(row.status),
    slug: strOrNull(row.slug),
    published_version: intOrNull(row.published_version),
    published_at: strOrNull(row.published_at),
    created_at: str(row.created_at),
    updated_at: str(row.updated_at),
  };
}

export function pageFromRow(row: Record<string, unknown>): PageRow {
  return {
    ...pageSummaryFromRow(row),
    library_id: str(row.library_id),
    user_id: str(row.user_id),
    template_id: strOrNull(row.template_id),
    components: components(row.components),
  };
}

export function pageVersionFromRow(row: Record<string, unknown>): PageVersionRow {
  return {
    id: str(row.id),
    page_id: str(row.page_id),
    library_id: str(row.library_id),
    version: intOrNull(row.version) ?? 1,
    name: str(row.name),
    agent_name: str(row.agent_name),
    components: components(row.components),
    published_by: str(row.published_by),
    published_at: str(row.published_at),
  };
}

/** The columns a save writes. */
const draftToRow = (draft: PageDraft) => ({
  name: draft.name,
  description: draft.description,
  agent_name: draft.agent_name,
  template_id: draft.template_id,
  components: draft.components,
});

const personalizationSchema = z
  .object({
    id: z.string(),
    page_id: z.string(),
    library_id: z.string().default(''),
    token: z.string(),
    prospect_name: z.string(),
    crm_data: z.record(z.string(), z.string()).default({}),
    created_by: z.string().default(''),
    created_at: z.string(),
    url: z.string(),
  })
  .loose();
const personalizationListSchema = z.union([z.array(personalizationSchema), z.object({ personalizations: z.array(personalizationSchema) }).transform((d) => d.personalizations)]);

export function createPagesService(source: DataClientSource = getDataClient, http: AxiosInstance = api): PagesService {
  const table = (client: SupabaseClient) => client.from(PAGES_TABLE);
  const path = (id: string, action: string) => `/api/v1/pages/${encodeURIComponent(id)}/${action}`;

  const service: PagesService = {
    async listPages() {
      const data = await strict(source, (c) => table(c).select(PAGE_LIST_COLUMNS).order('updated_at', { ascending: false }));
      return Array.isArray(data) ? data.map((r) => pageSummaryFromRow(r as Record<string, unknown>)) : [];
    },

    async listPublishedPages() {
      const data = await strict(source, (c) => table(c).select(PAGE_LIST_COLUMNS).eq('status', 'published').order('published_at', { ascending: false }));
      return Array.isArray(data) ? data.map((r) => pageSummaryFromRow(r as Record<string, unknown>)) : [];
    },

    async getPage(id) {
      // maybeSingle: an unknown id is an empty list, not a 406 in the browser's console
      const { data, error } = await attempt(source, (c) => table(c).select('*').eq('id', id).maybeSingle());
      if (error) {
        if (error.code === NOT_FOUND_CODE) return null;
        throw databaseError(error);
      }
      return data ? pageFromRow(data as Record<string, unknown>) : null;
    },

    async savePage(draft, id) {
      const row = await strict(source, (c) => (id ? table(c).update(draftToRow(draft)).eq('id', id) : table(c).insert(draftToRow(draft))).select().single());
      return pageFromRow(row as Record<string, unknown>);
    },

    async deletePage(id) {
      await strict(source, (c) => table(c).delete().eq('id', id));
    },

    async duplicatePage(id) {
      const original = await service.getPage(id);
      if (!original) return null;
      // the database makes every new row a draft without a slug
      return service.savePage({
        name: `${original.name} (Copy)`,
        description: original.description,
        agent_name: original.agent_name,
        template_id: original.template_id,
        components: original.components,
      });
    },

    async getPublishedVersion(pageId, version) {
      const data = await strict(source, (c) => {
        let query = c.from(PAGE_VERSIONS_TABLE).select('*').eq('page_id', pageId);
        if (version) query = query.eq('version', version);
        return query.order('version', { ascending: false }).limit(1);
      });
      const row = Array.isArray(data) ? data[0] : null;
      return row ? pageVersionFromRow(row as Record<string, unknown>) : null;
    },

    async publishPage(id) {
      const { data } = await http.post<unknown>(path(id, 'publish'));
      return publishPageResponseSchema.parse(data);
    },

    async unpublishPage(id) {
      await http.post(path(id, 'unpublish'));
    },

    async createPersonalization(pageId, input) {
      const { data } = await http.post<unknown>(path(pageId, 'personalizations'), personalizationInputSchema.parse(input));
      return personalizationSchema.parse(data) as PagePersonalization;
    },

    async listPersonalizations(pageId) {
      const { data } = await http.get<unknown>(path(pageId, 'personalizations'));
      return personalizationListSchema.parse(data) as PagePersonalization[];
    },
  };
  return service;
}

/** The pages service on the page's data and API clients. */
export const pagesService: PagesService = createPagesService();
