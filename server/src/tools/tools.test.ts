import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOOL_CATALOGUE, type ToolName } from '@accent/agents-common';
import { TOOL_CONNECTORS } from '@accent/shell-common';
import { loadConfig, type ConnectorKey } from '../config.js';
import type { CredentialValues } from '../credentials/store.js';
import { sql } from 'kysely';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { getDocument, readDocumentBytes } from '../library/documents.js';
import { runLibraryReads, type LibraryReads } from '../library/run-reads.js';
import type { Runner } from '../runtime/access.js';
import { startRun } from '../runtime/runs.js';
import { startHttpStub, type HttpStub, type StubAnswer, type StubRequest } from '../testing/http-stub.js';
import { createTestContext, type TestContext } from '../testing/test-app.js';
import { TOOLS } from './index.js';
import type { ToolContext } from './types.js';

const tool = (name: ToolName) => TOOLS.find((t) => t.name === name)!;

describe('tool catalogue', () => {
  it('has one module per catalogue name, each with an id providers accept and a description', () => {
    expect(TOOLS.map((t) => t.name).sort()).toEqual([...TOOL_CATALOGUE].sort());
    const ids = TOOLS.map((t) => t.id);
    expect(new Set(ids).size).toBe(TOOLS.length);
    for (const t of TOOLS) {
      expect(t.id).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(t.description.length).toBeGreaterThan(20);
    }
  });
});

describe('tools', () => {
  let ctx: TestContext;
  let stub: HttpStub;
  let libraryId: string;
  let user: Runner;
  let reads: LibraryReads;
  const connectors = new Map<ConnectorKey, CredentialValues>();
  const nestedRuns: unknown[] = [];
  let stubAnswer: (req: StubRequest) => StubAnswer = () => ({ body: {} });

  beforeAll(async () => {
    stub = await startHttpStub((req) => stubAnswer(req));
    ctx = await createTestContext();
    const row = await ctx.database.db.selectFrom('users').select(['id', 'email', 'role', 'team', 'library_id']).where('email', '=', DEMO_CREDENTIALS.admin.email).executeTakeFirstOrThrow();
    libraryId = row.library_id;
    user = { id: row.id, email: row.email, role: row.role, team: row.team, libraryId };
    // the tools read as a run does: a running run of this user
    const runId = await startRun(ctx.database.db, { libraryId, agentId: null, agentName: 'Tools', agentVersion: null, userId: row.id, threadId: '', source: 'test', input: { query: '', params: {} }, rateLimit: 1000 });
    reads = runLibraryReads(ctx.app.storage.asServer, { runId, access: 'user' });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const context = (): ToolContext => {
    const base = loadConfig({ JWT_SECRET: 'x'.repeat(32) }).connectorBaseUrls;
    return {
      db: ctx.database.db,
      reads,
      libraryId,
      user,
      depth: 0,
      signal: new AbortController().signal,
      connectorBaseUrls: Object.fromEntries(Object.keys(base).map((k) => [k, stub.url])) as Record<ConnectorKey, string>,
      connector: async (key) => connectors.get(key),
      storage: ctx.app.storage,
      runAgent: async (run) => {
        nestedRuns.push(run);
        return { output: `ran ${run.agentName}`, runId: '00000000-0000-0000-0000-000000000000' };
      },
    };
  };
  const run = (name: ToolName, input: unknown) => tool(name).execute(tool(name).inputSchema.parse(input), context());

  describe('internal', () => {
    it('searches the knowledge base with ranked snippets', async () => {
      const { results } = (await run('internal knowledge base search', { query: 'refund annual plan' })) as { results: { document: string; snippet: string; score: number }[] };
      expect(results[0].document).toBe('Support policy.md');
      expect(results[0].snippet).toMatch(/\*\*refund/i);
      expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
      expect(((await run('internal knowledge base search', { query: 'xylophone quasar' })) as { results: unknown[] }).results).toEqual([]);
    });

    it('creates, finds, reads, appends to and duplicates documents, and makes folders', async () => {
      const created = (await run('Create Document', { name: 'Account plan', folder: 'Sales/Plans/', content: '# Acme\nRenewal in May.' })) as { id: string; name: string; folder: string; mime: string };
      expect(created).toMatchObject({ name: 'Account plan.md', folder: '/Sales/Plans', mime: 'text/markdown' });
      await expect(run('Create Document', { name: 'Account plan.md', folder: '/Sales/Plans', content: 'again' })).rejects.toThrow('A file named "Account plan.md" already exists in /Sales/Plans.');

      const found = (await run('Find Document', { name: 'account', folder: 'sales' })) as { documents: { id: string }[] };
      expect(found.documents.map((d) => d.id)).toEqual([created.id]);

      await run('Append Text', { name: 'Account plan.md', folder: '/Sales/Plans', text: 'Champion: Dana.' });
      const read = (await run('Library File Reader', { id: created.id })) as { content: string; truncated: boolean };
      expect(read).toMatchObject({ content: '# Acme\nRenewal in May.\nChampion: Dana.', truncated: false });

      const copy = (await run('Duplicate File', { id: created.id, new_folder: '/Archive' })) as { name: string; folder: string };
      expect(copy).toMatchObject({ name: 'Account plan (copy).md', folder: '/Archive' });
      // they are files of the library's documents bucket (the Files screen's), owned by the runner
      const stored = await sql<{ name: string; owner: string; mimetype: string }>`
        SELECT name, owner, metadata->>'mimetype' AS mimetype FROM storage_objects WHERE bucket_id = 'documents' AND name IN ('Sales/Plans/Account plan.md', 'Archive/Account plan (copy).md') ORDER BY name`.execute(ctx.database.db);
      expect(stored.rows).toEqual([
        { name: 'Archive/Account plan (copy).md', owner: user.id, mimetype: 'text/markdown' },
        { name: 'Sales/Plans/Account plan.md', owner: user.id, mimetype: 'text/markdown' },
      ]);
      expect((await readDocumentBytes(ctx.app.storage, libraryId, (await getDocument(ctx.database.db, libraryId, { id: created.id }))!)).toString()).toBe('# Acme\nRenewal in May.\nChampion: Dana.');

      const file = (await run('Create New File', { name: 'leads.csv', folder: '/Sales', content: 'name,score\nAda,80' })) as { mime: string };
      expect(file.mime).toBe('text/csv');
      expect(await run('Create New Folder', { path: '/Marketing/Campaigns' })).toMatchObject({ path: '/Marketing/Campaigns' });
      // folder markers are not documents
      expect(((await run('Find Document', { name: 'Campaigns' })) as { documents: unknown[] }).documents).toEqual([]);
      await expect(run('Library File Reader', { name: 'missing.md' })).rejects.toThrow('No document named "missing.md" in this library.');
    });

    it('inserts rows and saves draft emails', async () => {
      const row = (await run('Insert Row', { table: 'leads', data: { name: 'Ada', score: 80, qualified: true } })) as { id: string };
      const stored = await ctx.database.db.selectFrom('library_rows').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ table_name: 'leads', data: { name: 'Ada', score: 80, qualified: true }, created_by: user.id });

      const draft = (await run('Create Draft Email', { to: 'ada@example.com, bob@example.com', subject: 'Hello', body: 'Hi both' })) as { id: string; status: string };
      expect(draft.status).toBe('draft');
      expect(await ctx.database.db.selectFrom('email_drafts').select(['to', 'subject']).where('id', '=', draft.id).executeTakeFirstOrThrow()).toEqual({ to: 'ada@example.com, bob@example.com', subject: 'Hello' });
      expect(await run('Create Draft Email', { to: 'not-an-email', subject: 's', body: 'b' })).toEqual({ error: 'Not an email address: not-an-email' });
    });

    it('stores a real .ics event and a real .pptx deck', async () => {
      const event = (await run('Create Quick Event', { title: 'Kickoff call', start: '2030-03-14T15:00:00Z', duration_minutes: 45, attendees: ['ada@example.com'] })) as { document_id: string; name: string };
      const ics = (await getDocument(ctx.database.db, libraryId, { id: event.document_id }))!;
      expect(ics).toMatchObject({ mime: 'text/calendar', folder: '/Calendar' });
      expect(ics.content).toContain('BEGIN:VCALENDAR');
      expect(ics.content).toContain('SUMMARY:Kickoff call');
      expect(ics.content).toContain('DTSTART:20300314T150000Z');
      expect(ics.content).toContain('DURATION:PT45M');
      expect(event.name).toMatch(/^Kickoff-call-.*\.ics$/);

      const deck = (await run('Presentation Builder', { title: 'Q3 Review', slides: [{ title: 'Wins', bullets: ['Acme signed', 'NPS 62'] }, { title: 'Next', bullets: ['Hire 2 AEs'] }] })) as { document_id: string; name: string; slides: number };
      expect(deck.slides).toBe(3);
      const pptx = (await getDocument(ctx.database.db, libraryId, { id: deck.document_id }))!;
      const bytes = await readDocumentBytes(ctx.app.storage, libraryId, pptx);
      expect(pptx.mime).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
      expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip, as every .pptx
      expect(bytes.includes(Buffer.from('ppt/slides/slide3.xml'))).toBe(true);
      expect(pptx.content).toContain('## Wins\n- Acme signed');
      // a binary file is copied byte for byte, and cannot be appended to
      const copied = (await run('Duplicate File', { id: deck.document_id })) as { id: string; size: number };
      expect((await readDocumentBytes(ctx.app.storage, libraryId, (await getDocument(ctx.database.db, libraryId, { id: copied.id }))!)).equals(bytes)).toBe(true);
      expect(await run('Append Text', { id: deck.document_id, text: 'more' })).toEqual({ error: expect.stringContaining('binary file') });
    });

    it('runs other agents through the runtime', async () => {
      expect(await run('Ask Agent', { agent: 'Helper', question: 'Hi?' })).toMatchObject({ agent: 'Helper', answer: 'ran Helper' });
      expect(await run('Run Agent Command', { agent: 'Lead Qualifier', command: 'Qualify', params: { lead: 'Acme' } })).toMatchObject({ output: 'ran Lead Qualifier' });
      expect(nestedRuns).toEqual([
        { agentName: 'Helper', query: 'Hi?', params: {} },
        { agentName: 'Lead Qualifier', query: 'Qualify', params: { lead: 'Acme' } },
      ]);
    });
  });

  describe('connectors', () => {
    it('answer not_connected without credentials', async () => {
      connectors.clear();
      const external = Object.keys(TOOL_CONNECTORS) as ToolName[];
      expect(external).toHaveLength(11);
      const inputs: Partial<Record<ToolName, unknown>> = {
        'Google Search': { query: 'q' },
        'Serp API': { query: 'q' },
        SendGrid: { to: ['a@b.co'], subject: 's', text: 't' },
        'HubSpot API': { action: 'search', object_type: 'contacts', query: 'q' },
        'Salesforce API': { action: 'query', soql: 'SELECT Id FROM Lead' },
        'LinkedIn API': { action: 'get_profile' },
        'Create Share Update': { text: 't' },
        'Create Company Update': { text: 't' },
        'Send Channel Message': { channel: 'C1', text: 't' },
        'Send Direct Message': { user: 'U1', text: 't' },
        'Send Message': { to: 'C1', text: 't' },
      };
      for (const name of external) {
        expect(await run(name, inputs[name])).toEqual({ error: 'not_connected', message: `${name} is not connected. An administrator can add its credentials in Admin → Connectors.` });
      }
      expect(stub.requests).toHaveLength(0);
    });

    it('call the real APIs with the stored credentials', async () => {
      connectors.set('google_search', { apiKey: 'g-key', cx: 'cx-1' });
      connectors.set('serp_api', { apiKey: 'serp-key' });
      connectors.set('sendgrid', { apiKey: 'SG.key', from: 'team@accent.ai' });
      connectors.set('hubspot', { accessToken: 'pat-hub' });
      connectors.set('salesforce', { instanceUrl: 'https://example.my.salesforce.com', accessToken: 'sf-token' });
      connectors.set('linkedin', { accessToken: 'li-token', author: 'urn:li:person:abc', organization: 'urn:li:organization:42' });
      connectors.set('slack', { botToken: 'xoxb-1' });
      stubAnswer = (req): StubAnswer => {
        switch (req.path) {
          case '/customsearch/v1':
            return { body: { items: [{ title: 'Accent', link: 'https://accent.ai', snippet: 'AI studio', extra: 1 }] } };
          case '/search.json':
            return { body: { organic_results: [{ title: 'Serp', link: 'https://serp.example', snippet: 's', position: 1 }] } };
          case '/v3/mail/send':
            return { status: 202, headers: { 'x-message-id': 'msg-1' } };
          case '/crm/v3/objects/contacts/search':
            return { body: { total: 1, results: [{ id: '101', properties: { email: 'ada@example.com' } }] } };
          case '/services/data/v60.0/query':
            return { body: { totalSize: 1, records: [{ attributes: { type: 'Lead' }, Id: '00Q1', Name: 'Ada' }] } };
          case '/rest/posts':
            return { status: 201, headers: { 'x-restli-id': 'urn:li:share:7' } };
          case '/users.lookupByEmail':
            return { body: { ok: true, user: { id: 'U42' } } };
          case '/conversations.open':
            return { body: { ok: true, channel: { id: 'D42' } } };
          case '/chat.postMessage':
            return { body: { ok: true, channel: req.body.channel, ts: '1.2' } };
          default:
            return { status: 404, body: { message: 'no such route' } };
        }
      };

      expect(await run('Google Search', { query: 'accent', num: 3 })).toEqual({ results: [{ title: 'Accent', link: 'https://accent.ai', snippet: 'AI studio' }] });
      expect(Object.fromEntries(stub.requests.at(-1)!.query)).toEqual({ key: 'g-key', cx: 'cx-1', q: 'accent', num: '3' });

      expect(await run('Serp API', { query: 'accent' })).toEqual({ results: [{ title: 'Serp', link: 'https://serp.example', snippet: 's' }] });
      expect(stub.requests.at(-1)!.query.get('api_key')).toBe('serp-key');

      expect(await run('SendGrid', { to: ['ada@example.com'], subject: 'Hi', text: 'Hello' })).toEqual({ sent: true, status: 202, message_id: 'msg-1' });
      expect(stub.requests.at(-1)!).toMatchObject({
        method: 'POST',
        body: { personalizations: [{ to: [{ email: 'ada@example.com' }] }], from: { email: 'team@accent.ai' }, subject: 'Hi', content: [{ type: 'text/plain', value: 'Hello' }] },
      });
      expect(stub.requests.at(-1)!.headers.authorization).toBe('Bearer SG.key');

      expect(await run('HubSpot API', { action: 'search', object_type: 'contacts', query: 'ada' })).toEqual({ total: 1, results: [{ id: '101', properties: { email: 'ada@example.com' } }] });
      expect(stub.requests.at(-1)!.headers.authorization).toBe('Bearer pat-hub');

      // SALESFORCE_API_BASE_URL (here: the stub) wins over the stored instance URL
      expect(await run('Salesforce API', { action: 'query', soql: 'SELECT Id, Name FROM Lead' })).toEqual({ total: 1, records: [{ Id: '00Q1', Name: 'Ada' }] });
      expect(stub.requests.at(-1)!.query.get('q')).toBe('SELECT Id, Name FROM Lead');

      expect(await run('Create Company Update', { text: 'We are hiring' })).toEqual({ posted: true, author: 'urn:li:organization:42', post_id: 'urn:li:share:7' });
      expect(stub.requests.at(-1)!.body).toMatchObject({ author: 'urn:li:organization:42', commentary: 'We are hiring', lifecycleState: 'PUBLISHED' });
      expect(stub.requests.at(-1)!.headers['linkedin-version']).toBe('202405');

      expect(await run('Send Direct Message', { user: 'dana@example.com', text: 'Ping' })).toEqual({ sent: true, channel: 'D42', ts: '1.2' });
      expect(stub.requests.slice(-3).map((r) => r.path)).toEqual(['/users.lookupByEmail', '/conversations.open', '/chat.postMessage']);
    });

    it('send the stored Salesforce instance URL through the SSRF guard', async () => {
      connectors.set('salesforce', { instanceUrl: stub.url, accessToken: 'sf-token' }); // a loopback address
      const before = stub.requests.length;
      const guarded = { ...context(), connectorBaseUrls: { ...context().connectorBaseUrls, salesforce: '' } };
      const salesforce = tool('Salesforce API');
      for (const input of [{ action: 'query', soql: 'SELECT Id FROM Lead' }, { action: 'create', sobject: 'Lead', fields: { LastName: 'Ada' } }]) {
        await expect(salesforce.execute(salesforce.inputSchema.parse(input), guarded)).rejects.toThrow(
          /^Salesforce: Refused to connect to 127\.0\.0\.1: loopback addresses are not allowed\. A Salesforce instance URL must be a public address\.$/,
        );
      }
      connectors.set('salesforce', { instanceUrl: 'http://[::ffff:0:7f00:1]:9', accessToken: 'sf-token' });
      await expect(salesforce.execute(salesforce.inputSchema.parse({ action: 'query', soql: 'SELECT Id FROM Lead' }), guarded)).rejects.toThrow(/loopback addresses are not allowed/);
      expect(stub.requests.length).toBe(before);
    });

    it('turn API failures into a message naming the service', async () => {
      stubAnswer = (req) =>
        req.path === '/chat.postMessage' ? { body: { ok: false, error: 'channel_not_found' } } : { status: 401, body: { errors: [{ message: 'authentication credentials are invalid' }] } };
      await expect(run('Send Message', { to: '#nope', text: 'hi' })).rejects.toThrow('Slack chat.postMessage failed: channel_not_found');
      await expect(run('SendGrid', { to: ['a@b.co'], subject: 's', text: 't' })).rejects.toThrow('SendGrid answered 401: authentication credentials are invalid');
    });
  });
});
