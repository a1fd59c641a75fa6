// Test harness: the Pages routes in a memory router with injected data access (plain jest functions
// through PagesDataContext; no module mocking) and an in-memory pages table.
import { jest } from '@jest/globals';
import { createStore } from 'jotai';
import { Route } from 'react-router';
import type { AgentListItem } from '@accent/agents-common';
import type { CanvasComponent, PageRow, PageVersionRow } from '@accent/pages-common';
import type { PagePersonalization, PageSummary } from '../data/pages.js';
import { renderRoutes, signInAs, type RenderedRoutes } from '../../../shared/src/ui/testing/renderWithSession.js';
import { PagesEditorPage } from '../builder/PagesEditorPage.js';
import { ContentPage } from '../content/ContentPage.js';
import { PersonalizePage } from '../content/PersonalizePage.js';
import { MagicPagesPage } from '../dashboard/MagicPagesPage.js';
import { PagesDashboardPage } from '../dashboard/PagesDashboardPage.js';
import { MagicPageRendererPage } from '../end-user/MagicPageRendererPage.js';
import { MagicPagesListPage } from '../end-user/MagicPagesListPage.js';
import type { StudioInvoke } from '../renderer/ask.js';
import { PagesDataProvider, type PagesData, type PagesEnvironment } from '../state/PagesDataContext.js';
import { fakeNotify, type FakeNotify } from '../../../shared/src/ui/testing/fakeNotify.js';

export { fakeNotify, type FakeNotify };

export function pageRow(id: string, overrides: Partial<PageRow> = {}): PageRow {
  return {
    id,
    library_id: 'l1',
    user_id: 'u1',
    name: `Page ${id}`,
    description: '',
    agent_name: 'Lead Qualifier',
    template_id: null,
    components: [],
    status: 'draft',
    slug: null,
    published_version: null,
    published_at: null,
    created_at: '2025-06-01T10:00:00.000Z',
    updated_at: '2025-06-02T10:00:00.000Z',
    ...overrides,
  };
}

export const component = (id: string, type: string, props: Record<string, unknown>, zone = 'full-width', position = 0): CanvasComponent =>
  ({ id, type, props, layout: { zone, width: '100%', position } }) as CanvasComponent;

const summary = ({ components: _c, library_id: _l, user_id: _u, template_id: _t, ...rest }: PageRow): PageSummary => rest;

type Fake<K extends keyof PagesData> = jest.Mock<PagesData[K]>;
export type FakeApi = { [K in keyof PagesData]: Fake<K> } & { table: Map<string, PageRow>; versions: PageVersionRow[] };

export const AGENTS: AgentListItem[] = [{ name: 'Lead Qualifier' }, { name: 'Market Researcher' }] as AgentListItem[];

/** An in-memory pages table with every operation recorded. */
export function fakeApi(initial: PageRow[] = [], versions: PageVersionRow[] = []): FakeApi {
  const table = new Map(initial.map((r) => [r.id, r]));
  let n = 0;
  return {
    table,
    versions,
    listPages: jest.fn<PagesData['listPages']>(async () => [...table.values()].map(summary)),
    listPublishedPages: jest.fn<PagesData['listPublishedPages']>(async () => [...table.values()].filter((r) => r.status === 'published').map(summary)),
    getPage: jest.fn<PagesData['getPage']>(async (id) => table.get(id) ?? null),
    savePage: jest.fn<PagesData['savePage']>(async (draft, id) => {
      const row = pageRow(id ?? `new-${++n}`, { ...(id ? table.get(id) : {}), ...draft });
      table.set(row.id, row);
      return row;
    }),
    deletePage: jest.fn<PagesData['deletePage']>(async (id) => void table.delete(id)),
    duplicatePage: jest.fn<PagesData['duplicatePage']>(async (id) => {
      const r = table.get(id);
      if (!r) return null;
      const copy = pageRow(`${id}-copy`, { ...r, id: `${id}-copy`, name: `${r.name} (Copy)`, status: 'draft', slug: null });
      table.set(copy.id, copy);
      return copy;
    }),
    getPublishedVersion: jest.fn<PagesData['getPublishedVersion']>(async (id) => versions.filter((v) => v.page_id === id).sort((a, b) => b.version - a.version)[0] ?? null),
    publishPage: jest.fn<PagesData['publishPage']>(async (id) => ({ id, slug: 'acme', version: 1, published_at: '2025-06-03T00:00:00.000Z', url: 'http://localhost/p/acme' })),
    unpublishPage: jest.fn<PagesData['unpublishPage']>(async (id) => {
      const r = table.get(id);
      if (r) table.set(id, { ...r, status: 'unpublished' });
    }),
    createPersonalization: jest.fn<PagesData['createPersonalization']>(
      async (pageId, input): Promise<PagePersonalization> => ({
        id: 'x1',
        page_id: pageId,
        library_id: 'l1',
        token: 'tok_1234567890abcdef',
        prospect_name: input.prospect_name.trim(),
        crm_data: input.crm_data,
        created_by: 'u1',
        created_at: '2025-06-03T00:00:00.000Z',
        url: 'http://localhost/p/acme?p=tok_1234567890abcdef',
      }),
    ),
    listPersonalizations: jest.fn<PagesData['listPersonalizations']>(async () => []),
    listAgents: jest.fn<PagesData['listAgents']>(async () => AGENTS),
  };
}


export interface RenderOptions {
  route?: string;
  api?: FakeApi;
  notify?: FakeNotify;
  invoke?: jest.Mock<StudioInvoke>;
  /** who is signed in (admin unless said) */
  role?: 'admin' | 'builder' | 'member';
}

export type Rendered = RenderedRoutes & {
  api: FakeApi;
  notify: FakeNotify;
  invoke: jest.Mock<StudioInvoke>;
  reload: jest.Mock<PagesEnvironment['reload']>;
  copy: jest.Mock<PagesEnvironment['copy']>;
  logError: jest.Mock<PagesEnvironment['logError']>;
};

let thread = 0;

export function renderPages({ route = '/pages', api = fakeApi(), notify = fakeNotify(), invoke, role = 'admin' }: RenderOptions = {}): Rendered {
  signInAs(role);
  const inv = invoke ?? jest.fn<StudioInvoke>(async (body) => ({ output: `Answer to ${body.query}` }));
  const reload = jest.fn<PagesEnvironment['reload']>();
  const copy = jest.fn<PagesEnvironment['copy']>(async () => undefined);
  const logError = jest.fn<PagesEnvironment['logError']>();
  const env: Partial<PagesEnvironment> = { api, notify, invoke: inv, reload, copy, logError, newThreadId: () => `thread-${++thread}`, random: () => 0.5 };
  const utils = renderRoutes({
    route,
    store: createStore(),
    wrap: (children) => <PagesDataProvider value={env}>{children}</PagesDataProvider>,
    routes: (
      <>
        <Route path="/pages" element={<PagesDashboardPage />} />
        <Route path="/pages2" element={<MagicPagesPage />} />
        <Route path="/pages/builder" element={<PagesEditorPage />} />
        <Route path="/pages/builder/:id" element={<PagesEditorPage />} />
        <Route path="/content" element={<ContentPage />} />
        <Route path="/content/personalize/:id" element={<PersonalizePage />} />
        <Route path="/end-user/magic-pages" element={<MagicPagesListPage />} />
        <Route path="/end-user/magic-pages/:id" element={<MagicPageRendererPage />} />
      </>
    ),
  });
  return { ...utils, api, notify, invoke: inv, reload, copy, logError };
}
