// No one's private file reaches another person's agent run. Each tool that reads the library (knowledge
// base search, Find Document, Library File Reader, Append Text, Duplicate File, the 'search' fallback) is
// run by each kind of run (a member's invoke, the agent such a run calls, a published page's visitor, a
// mission, a background agent, a member of another library) and what the model received and the trace
// kept are checked: files the run may not read are never found; those it may read are.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDetailSchema, type AgentSaveRequest } from '@accent/agents-common';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { sql } from 'kysely';
import { loadConfig, masterKeyFor } from '../config.js';
import { runLibraryReads } from '../library/run-reads.js';
import { createCredentialStore } from '../credentials/store.js';
import { startModelServer, textOf, type ModelReply, type ModelServer, type RecordedRequest } from '../testing/model-server.js';
import {
  createTestContext,
  createUser,
  login,
  loginAdmin,
  loginMember,
  TEST_JWT_SECRET,
  type SignedIn,
  type TestContext,
} from '../testing/test-app.js';
import { findRunner, pageVisitor, type Runner } from './access.js';
import { createRuntime, type Runtime } from './run-agent.js';

jest.setTimeout(120_000);

const KEY = 'sk-isolation-test';
const HELPER = 'Library Helper';
const MARK = 'zephyr quokka';

/** The library's files: who stores them, how, and the word only their text holds. */
const FILES = {
  privateA: { name: 'a-private-x.txt', secret: 'alphasecret', shared: false },
  sharedA: { name: 'a-shared-x.txt', secret: 'sharedsecret', shared: true },
  privateB: { name: 'b-private-x.txt', secret: 'betasecret', shared: false },
  otherLibrary: { name: 'c-other-library-x.txt', secret: 'foreignsecret', shared: true },
} as const;
type FileKey = keyof typeof FILES;
const HANDBOOK = { name: 'handbook.md', secret: 'handbooksecret' };
const FOREIGN_HANDBOOK = { name: 'foreign-handbook.md', secret: 'manualsecret' };

function multipart(name: string, data: string) {
  const boundary = `----accent${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('what agent runs read of the library', () => {
  let model: ModelServer;
  let ctx: TestContext;
  let runtime: Runtime;
  let admin: SignedIn;
  let memberA: SignedIn;
  let memberB: SignedIn;
  let otherAdmin: SignedIn;
  let libraryId: string;
  let ownerA: Runner;
  /** the tool calls the model makes when offered the library tools (the test sets them) */
  let calls: NonNullable<ModelReply['toolCalls']> = [];

  const upload = async (who: SignedIn, file: { name: string; secret: string; shared: boolean }) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/storage/v1/object/documents/${file.name}`,
      headers: {
        ...who.headers,
        'content-type': 'text/plain',
        ...(file.shared ? { 'x-metadata': Buffer.from(JSON.stringify({ shared: true })).toString('base64') } : {}),
      },
      payload: `Notes on ${MARK}: ${file.secret}.`,
    });
    expect(response.statusCode).toBe(200);
  };
  const ingest = async (who: SignedIn, name: string, text: string) => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/knowledge/collections',
      headers: who.headers,
      payload: { name: `Collection ${name}`, embedding_provider: 'openai', embedding_model: 'text-embedding-3-small' },
    });
    expect(created.statusCode).toBe(201);
    const body = multipart(name, text);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/knowledge/collections/${created.json().id}/files`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect([200, 201]).toContain(uploaded.statusCode);
    await ctx.app.knowledge.drain();
  };
  const save = async (who: SignedIn, agent: AgentSaveRequest) => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: who.headers, payload: agent })).statusCode).toBe(200);
  };
  const libraryTools = ['internal knowledge base search', 'Find Document', 'Library File Reader', 'Append Text', 'Duplicate File'];

  beforeAll(async () => {
    model = await startModelServer({ apiKey: KEY });
    const env = { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: model.url };
    ctx = await createTestContext({ env });
    // the runtime the missions, background agents and published pages run on, on the same database
    const config = loadConfig({ ...env, NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: mkdtempSync(join(tmpdir(), 'accent-data-')) });
    runtime = createRuntime({
      db: ctx.database.db,
      config,
      credentials: createCredentialStore(ctx.database.db, masterKeyFor(config)),
      storage: ctx.app.storage,
      knowledge: ctx.app.knowledge,
    });
    admin = await loginAdmin(ctx.app);
    memberA = await loginMember(ctx.app);
    await createUser(ctx.database, {
      environment: 'lo-n02',
      library: 'sales2',
      email: 'member-b@accent.local',
      password: 'member-b-password',
      role: 'member',
    });
    memberB = await login(ctx.app, { email: 'member-b@accent.local', password: 'member-b-password' });
    await createUser(ctx.database, {
      environment: 'lo-n02',
      library: 'other',
      email: 'admin@other.local',
      password: 'other-admin-password',
      role: 'admin',
    });
    otherAdmin = await login(ctx.app, { library: 'other', email: 'admin@other.local', password: 'other-admin-password' });
    libraryId = (
      await ctx.database.db.selectFrom('users').select('library_id').where('email', '=', 'member-b@accent.local').executeTakeFirstOrThrow()
    ).library_id;
    const a = await ctx.database.db.selectFrom('users').select('id').where('email', '=', 'member@accent.local').executeTakeFirstOrThrow();
    ownerA = (await findRunner(ctx.database.db, a.id))!;

    await upload(memberA, FILES.privateA);
    await upload(memberA, FILES.sharedA);
    await upload(memberB, FILES.privateB);
    await upload(otherAdmin, FILES.otherLibrary);
    await ingest(admin, HANDBOOK.name, `# Handbook\n\nAbout ${MARK}: ${HANDBOOK.secret}.`);
    await ingest(otherAdmin, FOREIGN_HANDBOOK.name, `# Handbook\n\nAbout ${MARK}: ${FOREIGN_HANDBOOK.secret}.`);

    const step = { name: 'Answer', query: '', tools: libraryTools, model: { provider: 'openai', model: 'gpt-4o', max_retries: 0 } };
    for (const who of [admin, otherAdmin]) await save(who, { name: HELPER, steps: [step], settings: { access: ['all_users'] } } as AgentSaveRequest);
    await save(admin, { name: 'Delegator', steps: [{ ...step, tools: ['Ask Agent'] }], settings: { access: ['all_users'] } } as AgentSaveRequest);
    await save(admin, {
      name: 'Fallback Helper',
      steps: [{ ...step, tools: [] }],
      settings: { access: ['all_users'], fallback: 'search' },
    } as AgentSaveRequest);
  }, 300_000);
  afterAll(async () => {
    await runtime?.close();
    await ctx?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.reset();
    // offered Ask Agent: ask the helper; offered the library tools: make the test's calls; then answer
    model.setDefaultReply((request: RecordedRequest) => {
      if (request.body.messages.some((m) => m.role === 'tool')) return { text: 'done' };
      const offered = new Set(request.body.tools?.map((t) => t.function.name));
      if (offered.has('ask_agent')) return { toolCalls: [{ name: 'ask_agent', arguments: { agent: HELPER, question: MARK } }] };
      return offered.size > 0 ? { toolCalls: calls } : { text: 'no tools' };
    });
  });

  /** The kinds of run, each with the files it may read. */
  interface Kind {
    label: string;
    reads: FileKey[];
    /** the files it may also change (the storage policies: one's own; an administrator all) */
    changes: FileKey[];
    handbook: 'own' | 'foreign';
    run(): Promise<{ output: string; trace: string }>;
  }
  const invoke =
    (signedIn: () => SignedIn, agent = HELPER, query = MARK) =>
    async () => {
      const who = signedIn();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/agent/invoke',
        headers: who.headers,
        payload: { name: agent, query, source: 'api' },
      });
      expect(response.statusCode).toBe(200);
      // the trace as the person sees it
      const run = await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${response.headers['x-run-id']}`, headers: who.headers });
      expect(run.statusCode).toBe(200);
      return { output: response.body, trace: JSON.stringify(runDetailSchema.parse(run.json()).trace) };
    };
  const direct = (user: Runner, source: 'page' | 'mission' | 'background') => async () => {
    const result = await runtime.runAgent({
      libraryId,
      user,
      agentName: HELPER,
      query: MARK,
      params: {},
      threadId: '',
      useHistory: false,
      saveHistory: false,
      maxHistoryItems: 0,
      source,
    });
    const row = await ctx.database.db.selectFrom('agent_runs').select('trace').where('id', '=', result.runId).executeTakeFirstOrThrow();
    return { output: result.output, trace: JSON.stringify(row.trace) };
  };
  // (the sign-ins and ids exist once beforeAll ran: each kind takes them when it runs)
  const KINDS: Kind[] = [
    { label: "member B's invoke", reads: ['privateB', 'sharedA'], changes: ['privateB'], handbook: 'own', run: invoke(() => memberB) },
    {
      label: "member A's invoke (the owner)",
      reads: ['privateA', 'sharedA'],
      changes: ['privateA', 'sharedA'],
      handbook: 'own',
      run: invoke(() => memberA),
    },
    {
      label: "the agent member B's run asks (Ask Agent)",
      reads: ['privateB', 'sharedA'],
      changes: ['privateB'],
      handbook: 'own',
      run: invoke(() => memberB, 'Delegator'),
    },
    {
      label: "a published page's visitor",
      reads: ['sharedA'],
      changes: [],
      handbook: 'own',
      run: () => direct(pageVisitor(libraryId, HELPER), 'page')(),
    },
    { label: "member A's mission", reads: ['sharedA'], changes: [], handbook: 'own', run: () => direct(ownerA, 'mission')() },
    { label: "member A's background agent", reads: ['sharedA'], changes: [], handbook: 'own', run: () => direct(ownerA, 'background')() },
    { label: "another library's admin", reads: ['otherLibrary'], changes: ['otherLibrary'], handbook: 'foreign', run: invoke(() => otherAdmin) },
  ];

  /** Every result of the library tools the model was handed in this run (not the Ask Agent answers). */
  const toolResults = () =>
    model.requests
      .filter((r) => !r.body.tools?.some((t) => t.function.name === 'ask_agent'))
      .flatMap((r) => r.body.messages.filter((m) => m.role === 'tool').map((m) => textOf(m.content)));
  const allFiles = Object.keys(FILES) as FileKey[];

  describe.each(KINDS)('$label', (kind) => {
    const hidden = allFiles.filter((f) => !kind.reads.includes(f));
    const expectHidden = (text: string) => {
      for (const f of hidden) expect(text).not.toContain(FILES[f].secret);
      expect(text).not.toContain((kind.handbook === 'own' ? FOREIGN_HANDBOOK : HANDBOOK).secret);
    };

    it('knowledge base search finds what it may read and nothing else', async () => {
      calls = [{ name: 'internal_knowledge_base_search', arguments: { query: MARK, limit: 10 } }];
      const { trace } = await kind.run();
      const seen = toolResults().join('\n');
      for (const f of kind.reads) expect(seen).toContain(FILES[f].secret);
      expect(seen).toContain((kind.handbook === 'own' ? HANDBOOK : FOREIGN_HANDBOOK).secret);
      expectHidden(seen);
      for (const f of hidden) expect(seen).not.toContain(FILES[f].name);
      expectHidden(trace);
    });

    it('Find Document lists only what it may read', async () => {
      calls = [{ name: 'find_document', arguments: { name: '-x.txt', limit: 50 } }];
      const { trace } = await kind.run();
      const seen = toolResults().join('\n');
      for (const f of kind.reads) expect(seen).toContain(FILES[f].name);
      for (const f of hidden) expect(seen).not.toContain(FILES[f].name);
      for (const f of hidden) expect(trace).not.toContain(FILES[f].name);
    });

    it('Library File Reader reads only what it may read', async () => {
      calls = allFiles.map((f) => ({ name: 'library_file_reader', arguments: { name: FILES[f].name } }));
      const { trace } = await kind.run();
      const seen = toolResults();
      expect(seen).toHaveLength(allFiles.length);
      allFiles.forEach((f, i) => {
        if (kind.reads.includes(f)) expect(seen[i]).toContain(FILES[f].secret);
        else expect(JSON.parse(seen[i])).toEqual({ error: `No document named "${FILES[f].name}" in this library.` });
      });
      expectHidden(trace);
    });

    it('Duplicate File copies only what it may read', async () => {
      const folder = `copies-${kind.label.replace(/\W+/g, '-')}`;
      calls = allFiles.map((f) => ({ name: 'duplicate_file', arguments: { name: FILES[f].name, new_folder: folder } }));
      const { trace } = await kind.run();
      const copies = await sql<{ name: string; content: string }>`SELECT name, content FROM storage_objects WHERE name LIKE ${`${folder}/%`}`.execute(
        ctx.database.db,
      );
      expect(copies.rows.map((r) => r.name.replace(`${folder}/`, '')).sort()).toEqual(
        kind.reads.map((f) => FILES[f].name.replace('.txt', ' (copy).txt')).sort(),
      );
      expectHidden(toolResults().join('\n'));
      expectHidden(trace);
    });

    it('Append Text changes only what the run may change, and never finds the others', async () => {
      calls = allFiles.map((f) => ({ name: 'append_text', arguments: { name: FILES[f].name, text: `appended by ${kind.label}` } }));
      await kind.run();
      const seen = toolResults().map((r) => JSON.parse(r) as { error?: string; name?: string });
      allFiles.forEach((f, i) => {
        if (!kind.reads.includes(f)) expect(seen[i]).toEqual({ error: `No document named "${FILES[f].name}" in this library.` });
      });
      const changed = await sql<{ name: string }>`SELECT name FROM storage_objects WHERE content LIKE ${`%appended by ${kind.label}%`}`.execute(
        ctx.database.db,
      );
      expect(changed.rows.map((r) => r.name).sort()).toEqual(kind.changes.map((f) => FILES[f].name).sort());
    });
  });

  it("the 'search' fallback answers only from what the run may read", async () => {
    model.reply({ status: 500, error: 'overloaded' });
    // a question with the very words of member A's private file
    const { output, trace } = await invoke(() => memberB, 'Fallback Helper', `${MARK} ${FILES.privateA.secret}`)();
    expect(JSON.parse(trace).fallback).toMatchObject({ mode: 'search' });
    expect(output).toContain('Here is what I found');
    expect(output).not.toContain(FILES.privateA.secret);
    expect(output).not.toContain(FILES.otherLibrary.secret);
    expect(output).toMatch(new RegExp(`${FILES.privateB.secret}|${FILES.sharedA.secret}|${HANDBOOK.secret}`));
  });

  it('a finished run reads nothing any more', async () => {
    const done = await ctx.database.db
      .selectFrom('agent_runs')
      .select('id')
      .where('status', '=', 'succeeded')
      .where('library_id', '=', libraryId)
      .executeTakeFirstOrThrow();
    const reads = runLibraryReads(ctx.app.storage.asServer, { runId: done.id, access: 'user' });
    expect((await reads((trx) => sql`SELECT id FROM storage_objects`.execute(trx))).rows).toEqual([]);
    // while it runs, the same reads find its person's files
    await ctx.database.db.updateTable('agent_runs').set({ status: 'running' }).where('id', '=', done.id).execute();
    expect((await reads((trx) => sql`SELECT id FROM storage_objects`.execute(trx))).rows.length).toBeGreaterThan(0);
    await ctx.database.db.updateTable('agent_runs').set({ status: 'succeeded' }).where('id', '=', done.id).execute();
  });
});
