// The pages service with the real supabase-js client against a tiny local server answering the PostgREST
// protocol, and the pages API through the axios client with a recording adapter.
import { describe, expect, it } from '@jest/globals';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createApiClient } from '@accent/shared/client';
import { createDataClient, type SupabaseClient } from '@accent/shared/data';
import { createPagesService, PAGE_LIST_COLUMNS } from './pages.js';
import { NoSocket, pgError, usePostgrestStub } from '../../../shared/src/data/testing/postgrest-stub.js';

const stub = usePostgrestStub();
const { seen, replies } = stub;
function client(): SupabaseClient {
  return createDataClient({ supabaseUrl: stub.baseUrl, supabaseAnonKey: 'anon-key' }, { getToken: () => 'token-1', refresh: async () => false, realtime: { transport: NoSocket as never } });
}
const service = (adapter?: AxiosAdapter) => createPagesService(() => client(), createApiClient(adapter ? { adapter } : {}));

const header = { id: 'c1', type: 'header', props: { title: 'Hi', persona: 'P', backgroundColor: '#112233' }, layout: { zone: 'full-width', width: '100%', position: 0 } };
const row = (overrides: Record<string, unknown> = {}) => ({
  id: 'p1',
  library_id: 'l1',
  user_id: 'u1',
  name: 'Acme page',
  description: '',
  agent_name: 'Lead Qualifier',
  template_id: null,
  components: [header],
  status: 'draft',
  slug: null,
  published_version: null,
  published_at: null,
  created_at: '2025-06-01T10:00:00+00:00',
  updated_at: '2025-06-02T10:00:00+00:00',
  ...overrides,
});
const draft = { name: 'Acme page', description: '', agent_name: 'Lead Qualifier', template_id: null, components: [header] as never[] };

describe('pagesService over PostgREST', () => {
  it('lists pages newest change first, and the published ones newest publish first', async () => {
    replies.push({ status: 200, body: [row({ components: undefined })] });
    const list = await service().listPages();
    expect(list).toEqual([
      {
        id: 'p1',
        name: 'Acme page',
        description: '',
        agent_name: 'Lead Qualifier',
        status: 'draft',
        slug: null,
        published_version: null,
        published_at: null,
        created_at: '2025-06-01T10:00:00+00:00',
        updated_at: '2025-06-02T10:00:00+00:00',
      },
    ]);
    expect(seen[0]!.path).toBe('/rest/v1/pages');
    expect(seen[0]!.query.get('select')).toBe(PAGE_LIST_COLUMNS.replace(/ /g, ''));
    expect(seen[0]!.query.get('order')).toBe('updated_at.desc');
    expect(seen[0]!.headers.authorization).toBe('Bearer token-1');

    replies.push({ status: 200, body: [row({ status: 'published', slug: 'acme', published_version: 2 })] });
    const published = await service().listPublishedPages();
    expect(published[0]).toMatchObject({ status: 'published', slug: 'acme', published_version: 2 });
    expect(seen[1]!.query.get('status')).toBe('eq.published');
    expect(seen[1]!.query.get('order')).toBe('published_at.desc');

    replies.push(pgError(500, 'XX000', 'down'));
    await expect(service().listPages()).rejects.toThrow('database error: down');
  });

  it('reads one page with its components, and null for an unknown id (an empty list, no 406)', async () => {
    replies.push({ status: 200, body: row() });
    const page = await service().getPage('p1');
    expect(seen[0]!.query.get('id')).toBe('eq.p1');
    expect(page?.components).toEqual([header]);
    expect(String(seen[0]!.headers.accept ?? '')).not.toContain('vnd.pgrst.object');
    replies.push({ status: 200, body: [] });
    expect(await service().getPage('missing')).toBeNull();
  });

  it('inserts a draft with only the draft columns, updates by id', async () => {
    replies.push({ status: 201, body: row({ id: 'p-new' }) });
    const saved = await service().savePage(draft);
    expect(saved.id).toBe('p-new');
    expect(seen[0]!.method).toBe('POST');
    expect(Object.keys(seen[0]!.body as object).sort()).toEqual(['agent_name', 'components', 'description', 'name', 'template_id']);

    replies.push({ status: 200, body: row() });
    await service().savePage({ ...draft, name: 'Renamed' }, 'p1');
    expect(seen[1]!.method).toBe('PATCH');
    expect(seen[1]!.query.get('id')).toBe('eq.p1');
    expect(seen[1]!.body).toMatchObject({ name: 'Renamed' });
  });

  it('deletes by id and duplicates as "(Copy)"', async () => {
    replies.push({ status: 204 });
    await service().deletePage('p1');
    expect(seen[0]).toMatchObject({ method: 'DELETE' });
    expect(seen[0]!.query.get('id')).toBe('eq.p1');

    replies.push({ status: 200, body: row({ status: 'published', slug: 'acme' }) }, { status: 201, body: row({ id: 'p2', name: 'Acme page (Copy)' }) });
    const copy = await service().duplicatePage('p1');
    expect(copy?.id).toBe('p2');
    expect(seen[2]!.method).toBe('POST');
    expect(seen[2]!.body).toEqual({ name: 'Acme page (Copy)', description: '', agent_name: 'Lead Qualifier', template_id: null, components: [header] });

    replies.push({ status: 200, body: [] });
    expect(await service().duplicatePage('gone')).toBeNull();
  });

  it('reads the newest published version, or a given one', async () => {
    replies.push({ status: 200, body: [{ id: 'v', page_id: 'p1', library_id: 'l1', version: 3, name: 'Acme', agent_name: 'A', components: [header], published_by: 'u1', published_at: 't' }] });
    const v = await service().getPublishedVersion('p1');
    expect(v).toMatchObject({ version: 3, components: [header] });
    expect(seen[0]!.path).toBe('/rest/v1/page_versions');
    expect(seen[0]!.query.get('page_id')).toBe('eq.p1');
    expect(seen[0]!.query.get('order')).toBe('version.desc');
    expect(seen[0]!.query.get('limit')).toBe('1');
    replies.push({ status: 200, body: [] });
    expect(await service().getPublishedVersion('p1', 2)).toBeNull();
    expect(seen[1]!.query.get('version')).toBe('eq.2');
  });
});

describe('pages API', () => {
  function recording(answers: Record<string, unknown>) {
    const calls: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config);
      return { data: answers[`${config.method} ${config.url}`], status: 200, statusText: 'OK', headers: {}, config };
    };
    return { calls, adapter };
  }

  it('publishes, unpublishes, and creates and lists personalisations', async () => {
    const personalization = { id: 'x1', page_id: 'p 1', library_id: 'l1', token: 'tok_abcdefghijklmnop', prospect_name: 'Jo', crm_data: { customerName: 'Jo Inc' }, created_by: 'u1', created_at: 't', url: 'http://h/p/acme?p=tok' };
    const { calls, adapter } = recording({
      'post /api/v1/pages/p%201/publish': { id: 'p 1', slug: 'acme', version: 2, published_at: 't', url: 'http://h/p/acme' },
      'post /api/v1/pages/p%201/unpublish': { status: 'unpublished' },
      'post /api/v1/pages/p%201/personalizations': personalization,
      'get /api/v1/pages/p%201/personalizations': { personalizations: [personalization] },
    });
    const s = service(adapter);
    expect(await s.publishPage('p 1')).toEqual({ id: 'p 1', slug: 'acme', version: 2, published_at: 't', url: 'http://h/p/acme' });
    await s.unpublishPage('p 1');
    expect(await s.createPersonalization('p 1', { prospect_name: ' Jo ', crm_data: { customerName: 'Jo Inc' } })).toEqual(personalization);
    expect(JSON.parse(calls[2]!.data as string)).toEqual({ prospect_name: 'Jo', crm_data: { customerName: 'Jo Inc' } });
    expect(await s.listPersonalizations('p 1')).toEqual([personalization]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'post /api/v1/pages/p%201/publish',
      'post /api/v1/pages/p%201/unpublish',
      'post /api/v1/pages/p%201/personalizations',
      'get /api/v1/pages/p%201/personalizations',
    ]);
  });

  it('refuses a personalisation without a prospect name before calling', async () => {
    const { calls, adapter } = recording({});
    await expect(service(adapter).createPersonalization('p1', { prospect_name: ' ', crm_data: {} })).rejects.toThrow('Prospect name is required');
    expect(calls).toHaveLength(0);
  });
});
