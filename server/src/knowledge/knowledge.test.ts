import type { KnowledgeCollection, KnowledgeFile, KnowledgeHit } from '@accent/shell-common';
import { runDetailSchema } from '@accent/agents-common';
import { jest } from '@jest/globals';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { embedText, KNOWLEDGE_READER_MODEL, startModelServer, textOf, type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { createTestContext, createUser, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { makeDocx, makePdf } from './fixtures.js';
import { exactIndex, reciprocalRankFusion } from './search.js';
import { withKnowledge } from './tables.js';

const KEY = 'sk-knowledge-test';

/** A multipart/form-data body with one file field. */
function multipart(name: string, data: Buffer | string) {
  const boundary = `----accent${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

jest.setTimeout(30_000);

describe('knowledge base', () => {
  let model: ModelServer;
  let ctx: TestContext;
  let admin: SignedIn;
  let member: SignedIn;

  useModelApp((started) => ({ ctx, model, admin, member } = started), { apiKey: KEY });
  afterEach(() => model.reset());

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedIn = admin, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/v1/knowledge${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function createCollection(name: string, extra: Record<string, unknown> = {}): Promise<KnowledgeCollection> {
    const response = await api('POST', '/collections', admin, { name, embedding_provider: 'openai', embedding_model: 'text-embedding-3-small', ...extra });
    expect(response.statusCode).toBe(201);
    return response.json<KnowledgeCollection>();
  }

  async function upload(collectionId: string, name: string, data: Buffer | string, who: SignedIn = admin) {
    const body = multipart(name, data);
    return ctx.app.inject({ method: 'POST', url: `/api/v1/knowledge/collections/${collectionId}/files`, headers: { ...who.headers, ...body.headers }, payload: body.payload });
  }

  /** uploads, waits for the ingestion (run in process: no job scheduler here) and answers the file */
  async function ingest(collectionId: string, name: string, data: Buffer | string): Promise<KnowledgeFile> {
    const response = await upload(collectionId, name, data);
    expect([200, 201]).toContain(response.statusCode);
    await ctx.app.knowledge.drain();
    return (await files(collectionId)).find((f) => f.name === name)!;
  }

  const files = async (collectionId: string): Promise<KnowledgeFile[]> => (await api('GET', `/collections/${collectionId}/files`)).json<{ files: KnowledgeFile[] }>().files;
  const search = async (body: Record<string, unknown>, who: SignedIn = admin) => {
    const response = await api('POST', '/search', who, body);
    expect(response.statusCode).toBe(200);
    return response.json<{ hits: KnowledgeHit[]; warnings: string[] }>();
  };
  const chunkCount = async (where: { file_id?: string; collection_id?: string }) => {
    let query = withKnowledge(ctx.database.db).selectFrom('knowledge_chunks').select((eb) => eb.fn.countAll<number>().as('n'));
    if (where.file_id) query = query.where('file_id', '=', where.file_id);
    if (where.collection_id) query = query.where('collection_id', '=', where.collection_id);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('ingests PDF, DOCX, MD, HTML, CSV and TXT files with progress and finds passages with their citations', async () => {
    const hr = await createCollection('HR handbook', { description: 'Policies for staff' });
    const pdf = await makePdf([
      'Welcome to Northwind. This handbook explains how we work together.',
      'Parental leave: every employee may take twenty six weeks of paid parental leave.\n\nLeave requests go to the people team.',
    ]);
    const leave = await ingest(hr.id, 'Handbook.pdf', pdf);
    expect(leave).toMatchObject({ status: 'ready', error: null, pages: 2, mime: 'application/pdf' });
    expect(leave.chunk_count).toBeGreaterThan(0);
    expect(leave.embedded_count).toBe(leave.chunk_count);
    expect(leave.parsed_chars).toBeGreaterThan(50);
    expect(model.embeddingRequests).toBeGreaterThan(0);

    await ingest(hr.id, 'Travel.docx', makeDocx([{ heading: 'Trains' }, { text: 'Book second class trains for trips under four hours.' }]));
    await ingest(hr.id, 'Security.md', '# Security\n\n## Passwords\nPasswords rotate every ninety days.\n\n## Badges\nWear your badge in the office.');
    await ingest(hr.id, 'Canteen.html', '<h1>Canteen</h1><p>Lunch is served from noon.</p><script>document.write("ignore me")</script>');
    await ingest(hr.id, 'Offices.csv', 'city,address\nLisbon,Rua Augusta 1\nOslo,Karl Johans gate 2\n');
    await ingest(hr.id, 'Notes.txt', 'The fire drill is on the first Monday of the month.');
    expect((await files(hr.id)).map((f) => [f.name, f.status])).toEqual([
      ['Canteen.html', 'ready'],
      ['Handbook.pdf', 'ready'],
      ['Notes.txt', 'ready'],
      ['Offices.csv', 'ready'],
      ['Security.md', 'ready'],
      ['Travel.docx', 'ready'],
    ]);

    const { hits, warnings } = await search({ query: 'How many weeks of parental leave do employees get?' });
    expect(warnings).toEqual([]);
    expect(hits[0]).toMatchObject({ file: 'Handbook.pdf', page: 2, collection: 'HR handbook' });
    expect(hits[0].snippet).toMatch(/twenty six weeks/);

    expect((await search({ query: 'password rotation' })).hits[0]).toMatchObject({ file: 'Security.md', section: 'Passwords', page: null });
    expect((await search({ query: 'trains' })).hits[0]).toMatchObject({ file: 'Travel.docx', section: 'Trains' });
    expect((await search({ query: 'Oslo' })).hits[0]).toMatchObject({ file: 'Offices.csv', section: 'row 3' });
    expect(JSON.stringify((await search({ query: 'ignore me canteen lunch' })).hits)).not.toContain('ignore me');

    // every user of the library may search; the collection list counts files and chunks
    expect((await search({ query: 'fire drill' }, member)).hits[0].file).toBe('Notes.txt');
    const [listed] = (await api('GET', '/collections', member)).json<{ collections: KnowledgeCollection[] }>().collections.filter((c) => c.id === hr.id);
    expect(listed).toMatchObject({ name: 'HR handbook', description: 'Policies for staff', file_count: 6 });
    expect(listed.chunk_count).toBeGreaterThanOrEqual(6);
  });

  it('filters by collection and by file', async () => {
    const a = await createCollection('Filter A');
    const b = await createCollection('Filter B');
    const inA = await ingest(a.id, 'zebra-a.txt', 'Zebras graze on the savanna in herds.');
    await ingest(a.id, 'other-a.txt', 'Zebras also appear in this second file about herds.');
    await ingest(b.id, 'zebra-b.txt', 'Zebras in collection B sleep standing up.');
    const onlyB = await search({ query: 'zebras', collection_ids: [b.id] });
    expect(onlyB.hits.map((h) => h.file)).toEqual(['zebra-b.txt']);
    const onlyFile = await search({ query: 'zebras herds', collection_ids: [a.id, b.id], file_ids: [inA.id] });
    expect(onlyFile.hits.map((h) => h.file)).toEqual(['zebra-a.txt']);
    const both = await search({ query: 'zebras', collection_ids: [a.id, b.id], limit: 10 });
    expect(new Set(both.hits.map((h) => h.collection))).toEqual(new Set(['Filter A', 'Filter B']));
  });

  it('re-indexes a replaced file and removes chunks with their file or collection', async () => {
    const c = await createCollection('Lifecycle');
    const first = await ingest(c.id, 'plan.md', 'The launch is in March.');
    expect((await search({ query: 'launch month', collection_ids: [c.id] })).hits[0].snippet).toMatch(/March/);

    const replaced = await upload(c.id, 'plan.md', 'The launch moved to October.');
    expect(replaced.statusCode).toBe(200);
    await ctx.app.knowledge.drain();
    const [again] = await files(c.id);
    expect(again).toMatchObject({ id: first.id, status: 'ready' });
    const hits = (await search({ query: 'launch month', collection_ids: [c.id] })).hits;
    expect(hits.map((h) => h.snippet)).toEqual(['The launch moved to October.']);

    // the original is in library storage (the library's knowledge bucket), the latest version
    const libraryId = admin.body.library_id;
    const original = await ctx.app.storage.getObject(libraryId, 'knowledge', `${c.id}/plan.md`);
    expect(original?.data.toString()).toBe('The launch moved to October.');
    expect((await withKnowledge(ctx.database.db).selectFrom('knowledge_files').select('data').where('id', '=', first.id).executeTakeFirstOrThrow()).data).toBeNull();

    await ingest(c.id, 'keep.txt', 'Keep this one about the launch.');
    expect((await api('DELETE', `/collections/${c.id}/files/${first.id}`)).statusCode).toBe(204);
    expect(await chunkCount({ file_id: first.id })).toBe(0);
    expect(await ctx.app.storage.getObject(libraryId, 'knowledge', `${c.id}/plan.md`)).toBeNull();
    expect(await chunkCount({ collection_id: c.id })).toBeGreaterThan(0);

    expect((await api('DELETE', `/collections/${c.id}`)).statusCode).toBe(204);
    expect(await chunkCount({ collection_id: c.id })).toBe(0);
    expect(await ctx.app.storage.getObject(libraryId, 'knowledge', `${c.id}/keep.txt`)).toBeNull();
    expect((await api('GET', `/collections/${c.id}/files`)).statusCode).toBe(404);

    const { rows: audit } = await sql<{ action: string }>`SELECT action FROM audit_log WHERE action LIKE 'knowledge.%' AND target LIKE 'Lifecycle%' ORDER BY at`.execute(ctx.database.db);
    expect(audit.map((a) => a.action)).toEqual(['knowledge.collection_create', 'knowledge.file_upload', 'knowledge.file_upload', 'knowledge.file_upload', 'knowledge.file_delete', 'knowledge.collection_delete']);
  });

  it('shows why a file failed: unreadable content, or no key for the embedding provider', async () => {
    const c = await createCollection('Failures', { embedding_provider: 'google', embedding_model: 'gemini-embedding-001' });
    const noKey = await ingest(c.id, 'fine.txt', 'Readable text.');
    expect(noKey.status).toBe('failed');
    expect(noKey.error).toMatch(/No API key for Google/);
    expect(await chunkCount({ file_id: noKey.id })).toBe(0);

    const d = await createCollection('Empty text');
    const empty = await ingest(d.id, 'blank.md', '   \n\n  ');
    expect(empty).toMatchObject({ status: 'failed', error: 'No text could be read from this file (a scanned PDF needs text recognition first).' });

    // a collection whose embeddings cannot be made now is still searched by its words, and says so
    await withKnowledge(ctx.database.db).updateTable('knowledge_collections').set({ embedding_provider: 'openai' }).where('id', '=', c.id).execute();
    await ingest(c.id, 'fine.txt', 'Readable text about kiwis.');
    await withKnowledge(ctx.database.db).updateTable('knowledge_collections').set({ embedding_provider: 'google' }).where('id', '=', c.id).execute();
    const found = await search({ query: 'kiwis', collection_ids: [c.id] });
    expect(found.hits[0].file).toBe('fine.txt');
    expect(found.warnings[0]).toMatch(/^Failures: searched by words only \(No API key for Google/);
  });

  it('refuses what it cannot take, with messages a person understands', async () => {
    const c = await createCollection('Refusals');
    expect((await api('POST', '/collections', admin, { name: 'refusals', embedding_provider: 'openai', embedding_model: 'x' })).json()).toEqual({ detail: 'A knowledge collection named "refusals" already exists.' });
    expect((await api('POST', '/collections', admin, { name: '', embedding_provider: 'anthropic', embedding_model: 'x' })).statusCode).toBe(400);
    expect((await api('POST', '/collections', member, { name: 'Mine', embedding_provider: 'openai', embedding_model: 'x' })).json()).toEqual({ detail: 'Only administrators can change the knowledge base.' });

    const exe = await upload(c.id, 'tool.exe', 'MZ');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().detail).toBe('"tool.exe" is not a file type the knowledge base reads. Upload PDF, DOCX, TXT, MD, HTML or CSV.');
    const fakePdf = await upload(c.id, 'fake.pdf', 'just text');
    expect(fakePdf.json()).toEqual({ detail: '"fake.pdf" is not a valid PDF file.' });
    const pngAsText = await upload(c.id, 'image.txt', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'));
    expect(pngAsText.json()).toEqual({ detail: '"image.txt" looks like PNG, not text.' });
    // direction controls: "report<U+202E>txt.md" would show as "reportdm.txt"
    const bidi = await upload(c.id, 'report\u202Etxt.md', 'text');
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json().detail).toMatch(/^"report<U\+202E>txt\.md" contains U\+202E: invisible characters that change the order letters are shown in/);
    const bidiCollection = await api('POST', '/collections', admin, { name: 'Sales \u2067notes\u2069', embedding_provider: 'openai', embedding_model: 'x' });
    expect(bidiCollection.statusCode).toBe(400);
    expect(bidiCollection.json().detail).toMatch(/^name: .*contains U\+2067, U\+2069: invisible characters/);
    expect((await api('PATCH', `/collections/${c.id}`, admin, { name: 'x\u200Fy' })).statusCode).toBe(400);
    const traversal = await upload(c.id, '../../etc/passwd.txt', 'only the name is kept');
    expect(traversal.json().name).toBe('passwd.txt');
    await ctx.app.knowledge.drain();
    expect((await upload(c.id, 'x.txt', 'hi', member)).statusCode).toBe(403);
    expect((await upload('00000000-0000-4000-8000-000000000000', 'x.txt', 'hi')).json()).toEqual({ detail: 'That knowledge collection does not exist in this library.' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/knowledge/collections/${c.id}/files`, headers: admin.headers, payload: {} })).json()).toEqual({ detail: 'Choose a file to upload.' });
    expect((await api('POST', '/search', admin, { query: '  ' })).json()).toEqual({ detail: 'query: Type what to search for.' });
    expect((await api('GET', '/collections', { ...admin, headers: { authorization: 'Bearer nope' } })).statusCode).toBe(401);
    expect(await files(c.id)).toHaveLength(1);
  });

  it('keeps libraries apart, in the API and by row-level security', async () => {
    const mine = await createCollection('Secret plans');
    const file = await ingest(mine.id, 'secret.txt', 'The secret merger with Contoso closes in May.');
    await createUser(ctx.database, { environment: DEMO_CREDENTIALS.environment, library: 'other-lib', email: 'other@accent.local', password: 'other-password-1', role: 'admin' });
    const other = await login(ctx.app, { email: 'other@accent.local', password: 'other-password-1', library: 'other-lib' });

    expect((await search({ query: 'secret merger Contoso' }, other)).hits).toEqual([]);
    expect((await search({ query: 'secret merger Contoso', collection_ids: [mine.id] }, other)).hits).toEqual([]);
    expect((await api('GET', `/collections/${mine.id}/files`, other)).statusCode).toBe(404);
    expect((await api('DELETE', `/collections/${mine.id}/files/${file.id}`, other)).statusCode).toBe(404);
    expect((await api('GET', '/collections', other)).json()).toEqual({ collections: [] });

    // the same rules for a browser reading the tables directly (gateway or hosted PostgREST)
    // as PostgREST runs a request: role authenticated and the token's claims (policies read the live caller from them)
    const asUser = (who: SignedIn) =>
      ctx.database.db.transaction().execute(async (trx) => {
        await sql`SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(decodeJwt(who.token))}, true)`.execute(trx);
        const chunks = await sql<{ n: number }>`SELECT count(*)::int AS n FROM knowledge_chunks WHERE collection_id = ${mine.id}`.execute(trx);
        const collections = await sql<{ n: number }>`SELECT count(*)::int AS n FROM knowledge_collections WHERE id = ${mine.id}`.execute(trx);
        const deleted = await sql`DELETE FROM knowledge_files WHERE id = ${file.id}`.execute(trx);
        throw Object.assign(new Error('rollback'), { result: { chunks: chunks.rows[0].n, collections: collections.rows[0].n, deleted: Number(deleted.numAffectedRows ?? 0) } });
      }).catch((error: { result?: unknown }) => error.result);
    expect(await asUser(other)).toEqual({ chunks: 0, collections: 0, deleted: 0 });
    expect(await asUser(member)).toMatchObject({ collections: 1, deleted: 0 });
    expect(((await asUser(member)) as { chunks: number }).chunks).toBeGreaterThan(0);
    expect(await asUser(admin)).toMatchObject({ collections: 1, deleted: 1 });
  });

  it('exact vector search ranks by cosine similarity and honours the file filter', async () => {
    const c = await createCollection('Vectors');
    const one = await ingest(c.id, 'one.txt', 'apples and pears');
    await ingest(c.id, 'two.txt', 'cars and trucks');
    const index = exactIndex(ctx.database.db);
    const libraryId = admin.body.library_id;
    const ranked = await index.nearest({ libraryId, collectionIds: [c.id] }, embedText('apples'), 5);
    expect(ranked).toHaveLength(2);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
    const filtered = await index.nearest({ libraryId, collectionIds: [c.id], fileIds: [one.id] }, embedText('trucks'), 5);
    expect(filtered).toHaveLength(1);
    // this database has no pgvector: the app uses the exact index (the pgvector path shares its interface)
    expect((await ctx.app.knowledge.vectorIndex()).kind).toBe('exact');
  });

  it('fuses ranked lists by reciprocal rank', () => {
    const fused = reciprocalRankFusion([
      [
        { id: 'a', score: 0.9 },
        { id: 'b', score: 0.8 },
      ],
      [
        { id: 'b', score: 3 },
        { id: 'c', score: 2 },
      ],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61);
  });

  it('lets an agent search only its collections, answering with sources through the runtime', async () => {
    const allowed = await createCollection('Product facts');
    const hidden = await createCollection('Board minutes');
    await ingest(allowed.id, 'Specs.pdf', await makePdf(['Overview of the Falcon drone.', 'The Falcon drone flies for 42 minutes on one battery.']));
    await ingest(hidden.id, 'Minutes.txt', 'The Falcon drone battery supplier is being replaced.');
    const save = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/save',
      headers: admin.headers,
      payload: { name: 'Drone helper', knowledgeCollections: [allowed.id], steps: [{ name: 'Answer', query: '{{query}}', tools: ['internal knowledge base search'] }] },
    });
    expect(save.statusCode).toBe(200);
    model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { query: 'Falcon drone battery minutes' } }] }, (request) => {
      const tool = request.body.messages.find((m) => m.role === 'tool');
      return { text: `From the knowledge base: ${textOf(tool!.content).slice(0, 4000)}` };
    });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Drone helper', query: 'How long does the Falcon fly?' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Specs.pdf, page 2');
    expect(response.body).not.toContain('Minutes.txt');

    const run = runDetailSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${response.headers['x-run-id']}`, headers: admin.headers })).json());
    const [call] = run.trace!.steps[0].tool_calls;
    const results = (call.output as { results: { source: string; document: string; page: number | null }[] }).results;
    expect(results[0]).toMatchObject({ source: 'Specs.pdf, page 2', document: 'Specs.pdf', page: 2 });

    const badIds = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers, payload: { name: 'Bad ids', knowledgeCollections: ['nope'] } });
    expect(badIds.statusCode).toBe(400);
    expect(badIds.json().detail).toMatch(/A knowledge collection id is not valid/);
  });

  it("the local model server's knowledge-reader model searches first and answers with the passage and its source", async () => {
    const c = await createCollection('Reader facts');
    await ingest(c.id, 'Falcon.md', '# Falcon\n\n## Battery\nThe Falcon drone flies for 42 minutes on one battery.\n\n## Camera\nIt films in 4K.');
    await ingest(c.id, 'Returns.md', '# Returns\n\nUnused products can be returned within 30 days.');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/save',
      headers: admin.headers,
      payload: { name: 'Reader', knowledgeCollections: [c.id], steps: [{ name: 'A', query: '{{query}}', model: { provider: 'openai', model: KNOWLEDGE_READER_MODEL }, tools: ['internal knowledge base search'] }] },
    });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Reader', query: 'How many minutes does the Falcon drone fly on one battery?' } });
    expect(response.body).toBe('The Falcon drone flies for 42 minutes on one battery. (Source: Falcon.md, Battery)');
  });

  it("answers the 'search' fallback from the agent's collections with citations", async () => {
    const c = await createCollection('Fallback facts');
    await ingest(c.id, 'Warranty.md', '# Warranty\n\nThe Falcon drone has a three year warranty.');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/save',
      headers: admin.headers,
      payload: { name: 'Falls back', knowledgeCollections: [c.id], settings: { fallback: 'search' }, steps: [{ name: 'A', query: '{{query}}', model: { max_retries: 0 } }] },
    });
    model.setDefaultReply({ status: 500, error: 'model down' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload: { name: 'Falls back', query: 'drone warranty', source: 'api' } });
    expect(response.body).toMatch(/^Here is what I found in the knowledge base:\n\n1\. Warranty\.md, Warranty — The Falcon drone has a three year warranty\./);
  });
});

describe('knowledge search rate limit', () => {
  it('answers 429 in words after 60 searches a minute by one user', async () => {
    const ctx = await createTestContext();
    try {
      const admin = await loginAdmin(ctx.app);
      const member = await loginMember(ctx.app);
      const search = (who: SignedIn) => ctx.app.inject({ method: 'POST', url: '/api/v1/knowledge/search', headers: who.headers, payload: { query: 'anything' } });
      for (let i = 0; i < 60; i++) expect((await search(admin)).statusCode).toBe(200);
      const refused = await search(admin);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().detail).toMatch(/^Too many searches: try again in \d+ seconds?\.$/);
      // another user has their own allowance
      expect((await search(member)).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  }, 90_000);
});

describe('knowledge ingestion as pg-boss jobs', () => {
  it('queues one job per file and a worker ingests it', async () => {
    const model = await startModelServer({ apiKey: KEY });
    const ctx = await createTestContext({ env: { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: model.url }, jobs: { timing: { pollingIntervalSeconds: 0.5 }, stopTimeoutMs: 1000 } });
    try {
      const admin = await loginAdmin(ctx.app);
      const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/knowledge/collections', headers: admin.headers, payload: { name: 'Queued', embedding_provider: 'openai', embedding_model: 'm' } });
      const { id } = created.json<KnowledgeCollection>();
      const body = multipart('queued.txt', 'Queued ingestion works through pg-boss.');
      const uploaded = await ctx.app.inject({ method: 'POST', url: `/api/v1/knowledge/collections/${id}/files`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
      expect(uploaded.json()).toMatchObject({ name: 'queued.txt', status: 'queued' });
      let status = 'queued';
      for (let i = 0; i < 100 && status !== 'ready' && status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const listed = await ctx.app.inject({ method: 'GET', url: `/api/v1/knowledge/collections/${id}/files`, headers: admin.headers });
        status = listed.json<{ files: KnowledgeFile[] }>().files[0].status;
      }
      expect(status).toBe('ready');
      const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'knowledge-ingest' AND state = 'completed'`.execute(ctx.database.db);
      expect(jobs.rows[0].n).toBe(1);
    } finally {
      await ctx.close();
      await model.close();
    }
  });
});
