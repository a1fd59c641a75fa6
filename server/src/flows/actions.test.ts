// Nodes that reach outside: llm and analysis against the local OpenAI-compatible model server (real
// protocol, real SDK), HTTP actions against a local HTTP server (allowed through the allow-list),
// Slack and webhooks, email over a local SMTP server, and rows inserted into a real PGlite database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { FlowRun } from '@accent/flows-common';
import { createCredentialStore, type CredentialStore } from '../credentials/store.js';
import type { Database } from '../db/database.js';
import { startHttpStub, type HttpStub, type StubAnswer, type StubRequest } from '../testing/http-stub.js';
import { lastUserMessage, startModelServer, type ModelServer } from '../testing/model-server.js';
import { openSeededDatabase } from '../testing/seeded-database.js';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.js';
import { runFlow, type FlowContext, type RunnableFlow } from './engine.js';
import { flowModelTarget } from './models.js';

const MODEL_KEY = 'sk-flow-test';

type RawNode = { id: string; type: string; data?: Record<string, unknown> };
type RawEdge = { source: string; target: string; sourceHandle?: string };

function flow(nodes: RawNode[], edges: RawEdge[]): RunnableFlow {
  return {
    id: 'flow-actions',
    flowData: {
      nodes: [{ id: 'start', type: 'trigger', data: { label: 'Start', subtype: 'webhook' } }, ...nodes].map((n) => ({ position: { x: 0, y: 0 }, data: {}, ...n })),
      edges: edges.map((e, i) => ({ id: `e${i + 1}`, ...e })),
    },
  };
}
const byId = (run: FlowRun) => Object.fromEntries(run.nodes.map((n) => [n.nodeId, n]));

let database: Database;
let libraryId: string;
let userId: string;
let credentials: CredentialStore;
let model: ModelServer;
let api: HttpStub;
let handler: (request: StubRequest) => StubAnswer;
let smtp: SmtpSink;

beforeAll(async () => {
  database = await openSeededDatabase();
  const user = await database.db.selectFrom('users').select(['id', 'library_id']).orderBy('email').executeTakeFirstOrThrow();
  libraryId = user.library_id;
  userId = user.id;
  credentials = createCredentialStore(database.db, randomBytes(32));
  model = await startModelServer({ apiKey: MODEL_KEY });
  api = await startHttpStub((request) => handler(request));
  smtp = await startSmtpSink();
}, 60_000);

afterAll(async () => {
  await Promise.all([model?.close(), api?.close(), smtp?.close()]);
  await database?.close();
});

beforeEach(() => {
  model.reset();
  api.requests.length = 0;
  handler = () => ({ body: { ok: true } });
});

/** what a server run gets: the library, its database and credentials, the environment's model settings */
const context = (extra: FlowContext = {}): FlowContext => ({
  libraryId,
  userId,
  db: database.db,
  credentials,
  providerEnv: { openai: { apiKey: MODEL_KEY, baseUrl: model.url } },
  allowHosts: ['127.0.0.1'],
  ...extra,
});

describe('llm node', () => {
  it('asks the model through the provider table with the system prompt, temperature and templated prompt', async () => {
    model.reply({ text: 'Dear Ada, thanks for your order.' });
    const run = await runFlow(
      flow(
        [{ id: 'write', type: 'llm', data: { label: 'Write reply', subtype: 'openai', systemPrompt: 'You write for {{payload.company}}.', temperature: 0.2, prompt: 'Thank {{payload.name}} for order {{payload.order.id}}.' } }],
        [{ source: 'start', target: 'write' }],
      ),
      { payload: { name: 'Ada', company: 'Acme', order: { id: 'A-7' } }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    const [request] = model.requests;
    expect(request.body).toMatchObject({ model: 'gpt-4.1-mini', temperature: 0.2 });
    expect(request.body.messages).toEqual([
      { role: 'system', content: 'You write for Acme.' },
      { role: 'user', content: 'Thank Ada for order A-7.' },
    ]);
    expect(byId(run).write.output).toEqual({
      text: 'Dear Ada, thanks for your order.',
      usage: { inputTokens: expect.any(Number), outputTokens: 6, totalTokens: expect.any(Number) },
      model: 'gpt-4.1-mini',
      provider: 'openai',
      provider_model: 'gpt-4.1-mini',
    });
  });

  it('sends the incoming data when the prompt is empty, and chains outputs through {{last.text}}', async () => {
    const run = await runFlow(
      flow(
        [
          { id: 'first', type: 'llm', data: { model: 'gpt-3.5-turbo' } },
          { id: 'second', type: 'llm', data: { prompt: 'Shorten: {{last.text}} ({{nodes.first.output.model}})' } },
        ],
        [
          { source: 'start', target: 'first' },
          { source: 'first', target: 'second' },
        ],
      ),
      { payload: { question: 'Why?' }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    expect(model.requests.map((r) => [r.body.model, lastUserMessage(r.body)])).toEqual([
      ['gpt-3.5-turbo', '{"question":"Why?"}'],
      ['gpt-4.1-mini', 'Shorten: {"question":"Why?"} (gpt-3.5-turbo)'],
    ]);
    expect(byId(run).second.output).toMatchObject({ text: 'Shorten: {"question":"Why?"} (gpt-3.5-turbo)' });
  });

  it("uses the library's stored provider settings over the environment", async () => {
    await credentials.put({ libraryId, kind: 'provider', key: 'openai', values: { apiKey: MODEL_KEY, baseUrl: model.url }, userId: null });
    try {
      const run = await runFlow(flow([{ id: 'ask', type: 'llm', data: { prompt: 'Hi' } }], [{ source: 'start', target: 'ask' }]), {
        context: context({ providerEnv: { openai: { apiKey: 'sk-wrong', baseUrl: 'http://127.0.0.1:9/v1' } } }),
      });
      expect(run.status).toBe('succeeded');
      expect(model.requests[0].headers.authorization).toBe(`Bearer ${MODEL_KEY}`);
    } finally {
      await credentials.remove(libraryId, 'provider', 'openai');
    }
  });

  it('fails with a clear message without a key, and on a provider error', async () => {
    const noKey = await runFlow(flow([{ id: 'ask', type: 'llm', data: { model: 'claude-3', prompt: 'Hi' } }], [{ source: 'start', target: 'ask' }]), { context: context() });
    expect(byId(noKey).ask).toMatchObject({
      status: 'failed',
      error: 'No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.',
    });
    model.reply({ status: 400, error: 'This model does not exist' });
    const failed = await runFlow(flow([{ id: 'ask', type: 'llm', data: { prompt: 'Hi' } }], [{ source: 'start', target: 'ask' }]), { context: context() });
    expect(byId(failed).ask.error).toBe('OpenAI request failed: This model does not exist');
    expect(failed.error).toBe('"ask" failed: OpenAI request failed: This model does not exist');
  });

  it('times out a slow model call, and a cancelled run stops its running node and skips the rest', async () => {
    model.reply({ text: 'too late', delayMs: 3000 });
    const slow = await runFlow(flow([{ id: 'ask', type: 'llm', data: { prompt: 'Hi' } }], [{ source: 'start', target: 'ask' }]), { context: context({ modelTimeoutMs: 200, modelMaxRetries: 0 }) });
    expect(byId(slow).ask.error).toBe('OpenAI request timed out after 200 ms.');

    model.reply({ text: 'too late', delayMs: 3000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const run = await runFlow(
      flow(
        [
          { id: 'ask', type: 'llm', data: { prompt: 'Hi' } },
          { id: 'then', type: 'action', data: { subtype: 'database', table: 'never' } },
        ],
        [
          { source: 'start', target: 'ask' },
          { source: 'ask', target: 'then' },
        ],
      ),
      { context: context(), signal: controller.signal },
    );
    expect(run).toMatchObject({ status: 'cancelled', error: 'The run was cancelled.' });
    expect(byId(run).ask).toMatchObject({ status: 'failed', error: 'The run was cancelled.' });
    expect(byId(run).then).toMatchObject({ status: 'skipped', reason: 'Not run: the run was cancelled.' });
    expect(run.duration_ms).toBeLessThan(2500);
  });

  it('maps the builder model names to providers', () => {
    expect(flowModelTarget('gpt-4.1-mini')).toEqual({ provider: 'openai', model: 'gpt-4.1-mini' });
    expect(flowModelTarget('gpt-3.5-turbo')).toEqual({ provider: 'openai', model: 'gpt-3.5-turbo' });
    expect(flowModelTarget('claude-3')).toEqual({ provider: 'anthropic', model: 'claude-3-haiku' });
    expect(flowModelTarget('claude-instant')).toEqual({ provider: 'anthropic', model: 'claude-3-haiku' });
    expect(flowModelTarget('gemini-pro')).toEqual({ provider: 'google', model: 'gemini-pro' });
    expect(flowModelTarget('local:llama3.1')).toEqual({ provider: 'local', model: 'llama3.1' });
    expect(flowModelTarget('mystery-9000')).toBeNull();
  });
});

describe('text analysis node', () => {
  it('answers sentiment and keywords parsed from the model JSON, then a condition routes on it', async () => {
    model.reply({ text: '```json\n{"sentiment": "Negative", "score": -0.8, "keywords": ["refund", "late delivery"]}\n```' });
    const run = await runFlow(
      flow(
        [
          { id: 'mood', type: 'llm', data: { subtype: 'analysis', text: '{{payload.message}}' } },
          { id: 'angry', type: 'condition', data: { subtype: 'if_else', conditionType: 'equals', field: 'sentiment', value: 'negative' } },
          { id: 'escalate', type: 'condition', data: { subtype: 'if_else', conditionType: 'contains', field: 'nodes.mood.output.keywords', value: 'refund' } },
        ],
        [
          { source: 'start', target: 'mood' },
          { source: 'mood', target: 'angry' },
          { source: 'angry', target: 'escalate', sourceHandle: 'true' },
        ],
      ),
      { payload: { message: 'My parcel is two weeks late, I want a refund.' }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    expect(model.requests[0].body.temperature).toBe(0);
    expect(model.requests[0].body.messages[0].content).toMatch(/^You analyse text\. Answer with one JSON object only/);
    expect(lastUserMessage(model.requests[0].body)).toBe('My parcel is two weeks late, I want a refund.');
    expect(byId(run).mood.output).toMatchObject({ sentiment: 'negative', score: -0.8, keywords: ['refund', 'late delivery'] });
    expect(byId(run).escalate).toMatchObject({ status: 'succeeded', handle: 'true' });
  });

  it('fails when the answer is not the analysis JSON', async () => {
    model.reply({ text: 'I think the customer is upset.' });
    const run = await runFlow(flow([{ id: 'mood', type: 'llm', data: { subtype: 'analysis', analysisType: 'sentiment' } }], [{ source: 'start', target: 'mood' }]), {
      payload: { text: 'meh' },
      context: context(),
    });
    expect(byId(run).mood).toMatchObject({ status: 'failed', error: 'The model did not answer with the analysis as JSON: I think the customer is upset.' });
  });
});

describe('HTTP actions', () => {
  it('calls an API with the templated method, URL, headers and JSON body and records the response', async () => {
    handler = (request) => ({ status: 201, body: { created: request.body.name, path: request.path } });
    const run = await runFlow(
      flow(
        [
          {
            id: 'crm',
            type: 'action',
            data: {
              subtype: 'api',
              actionType: 'api_call',
              method: 'POST',
              url: `${api.url}/contacts/{{payload.id}}?source=flow&ref={{payload.ref}}`,
              headers: 'X-Trace: {{payload.id}}\nAuthorization: Bearer abc',
              body: '{"name": "{{payload.name}}", "tags": "{{payload.tags}}"}',
            },
          },
        ],
        [{ source: 'start', target: 'crm' }],
      ),
      { payload: { id: 7, ref: 'a&b=c', name: 'Ada "Countess" Lovelace', tags: ['vip'] }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    const [request] = api.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/contacts/7', body: { name: 'Ada "Countess" Lovelace', tags: ['vip'] } });
    expect(request.query.get('source')).toBe('flow');
    expect(request.query.get('ref')).toBe('a&b=c');
    expect(request.headers).toMatchObject({ 'x-trace': '7', authorization: 'Bearer abc', 'content-type': 'application/json' });
    expect(byId(run).crm.output).toMatchObject({ status: 201, ok: true, body: { created: 'Ada "Countess" Lovelace', path: '/contacts/7' } });
  });

  it('{{last}} after an Agent node is its answer text; {{last_raw}} and {{nodes.<id>.output}} are its whole output', async () => {
    model.reply({ text: 'Acme is a hot lead.' });
    const run = await runFlow(
      flow(
        [
          { id: 'ask', type: 'llm', data: { label: 'Qualify', subtype: 'openai', prompt: 'Qualify {{payload.company}}' } },
          {
            id: 'post',
            type: 'action',
            data: {
              subtype: 'api',
              actionType: 'api_call',
              method: 'POST',
              url: `${api.url}/leads`,
              body: '{"summary": "{{last}}", "note": "Agent said: {{last}}", "model": "{{last_raw.model}}", "raw": "{{last_raw}}", "same": "{{nodes.ask.output.text}}"}',
            },
          },
        ],
        [
          { source: 'start', target: 'ask' },
          { source: 'ask', target: 'post' },
        ],
      ),
      { payload: { company: 'Acme' }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    // what the model received, then what the HTTP node sent
    expect(lastUserMessage(model.requests[0].body)).toBe('Qualify Acme');
    const [request] = api.requests;
    expect(request.body).toEqual({
      summary: 'Acme is a hot lead.',
      note: 'Agent said: Acme is a hot lead.',
      model: 'gpt-4.1-mini',
      raw: expect.objectContaining({ text: 'Acme is a hot lead.', model: 'gpt-4.1-mini', provider: 'openai', usage: expect.any(Object) }),
      same: 'Acme is a hot lead.',
    });
  });

  it('fails on an HTTP error status, keeping the response as the output', async () => {
    handler = () => ({ status: 503, body: { error: 'down for maintenance' } });
    const run = await runFlow(flow([{ id: 'get', type: 'action', data: { subtype: 'http', url: `${api.url}/status` } }], [{ source: 'start', target: 'get' }]), { context: context() });
    expect(byId(run).get).toMatchObject({
      status: 'failed',
      error: `HTTP 503 from ${new URL(api.url).host}: {"error":"down for maintenance"}`,
      output: { status: 503, ok: false, body: { error: 'down for maintenance' } },
    });
  });

  it('refuses loopback when the host is not allowed (the SSRF guard)', async () => {
    const run = await runFlow(flow([{ id: 'get', type: 'action', data: { subtype: 'api', url: `${api.url}/x` } }], [{ source: 'start', target: 'get' }]), {
      context: context({ allowHosts: [] }),
    });
    expect(byId(run).get.error).toBe('Refused to connect to 127.0.0.1: loopback addresses are not allowed. An administrator can allow this host for flows.');
    expect(api.requests).toHaveLength(0);
    const local = await runFlow(flow([{ id: 'get', type: 'action', data: { subtype: 'api', url: 'http://localhost:1/' } }], [{ source: 'start', target: 'get' }]), {
      context: context({ allowHosts: [] }),
    });
    expect(byId(local).get.error).toMatch(/^Refused to connect to localhost \(.+\): loopback addresses are not allowed/);
  });

  it('posts JSON to a webhook: the incoming data by default', async () => {
    const run = await runFlow(flow([{ id: 'hook', type: 'action', data: { subtype: 'http', actionType: 'webhook', url: `${api.url}/hook` } }], [{ source: 'start', target: 'hook' }]), {
      payload: { event: 'signup', user: { id: 1 } },
      context: context(),
    });
    expect(run.status).toBe('succeeded');
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/hook', body: { event: 'signup', user: { id: 1 } } });
    expect(api.requests[0].headers['content-type']).toBe('application/json');
  });

  it('posts a Slack message to an incoming webhook', async () => {
    handler = () => ({ body: 'ok' });
    const run = await runFlow(
      flow([{ id: 'notify', type: 'action', data: { subtype: 'slack', actionType: 'slack', webhookUrl: `${api.url}/services/T/B/X`, body: 'New lead: {{payload.name}} ({{payload.amount}} €)' } }], [
        { source: 'start', target: 'notify' },
      ]),
      { payload: { name: 'Ada', amount: 1200 }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    expect(api.requests[0]).toMatchObject({ method: 'POST', path: '/services/T/B/X', body: { text: 'New lead: Ada (1200 €)' } });
    expect(byId(run).notify.output).toMatchObject({ status: 200, response: '"ok"' });
    handler = () => ({ status: 404, body: 'no_service' });
    const failed = await runFlow(flow([{ id: 'notify', type: 'action', data: { subtype: 'slack', url: `${api.url}/services/gone` } }], [{ source: 'start', target: 'notify' }]), { context: context() });
    expect(byId(failed).notify.error).toBe('Slack answered HTTP 404: "no_service"');
  });

  it('records a failing node while a parallel branch still calls its API, and templates an llm answer into a request', async () => {
    model.reply({ text: 'Summary: all good' });
    const run = await runFlow(
      flow(
        [
          { id: 'broken', type: 'action', data: { subtype: 'api', url: 'http://10.0.0.1/internal' } },
          { id: 'after-broken', type: 'action', data: { subtype: 'api', url: `${api.url}/never` } },
          { id: 'summarise', type: 'llm', data: { prompt: 'Summarise {{payload.report}}' } },
          { id: 'post', type: 'action', data: { subtype: 'api', method: 'POST', url: `${api.url}/reports`, body: { summary: '{{last.text}}', tokens: '{{nodes.summarise.output.usage.totalTokens}}' } } },
        ],
        [
          { source: 'start', target: 'broken' },
          { source: 'broken', target: 'after-broken' },
          { source: 'start', target: 'summarise' },
          { source: 'summarise', target: 'post' },
        ],
      ),
      { payload: { report: 'Q3' }, context: context() },
    );
    expect(run.status).toBe('failed');
    const nodes = byId(run);
    expect(nodes.broken).toMatchObject({ status: 'failed', error: expect.stringMatching(/^Refused to connect to 10\.0\.0\.1: private addresses/) });
    expect(nodes['after-broken'].status).toBe('skipped');
    expect(nodes.post.status).toBe('succeeded');
    expect(api.requests.map((r) => [r.path, r.body])).toEqual([['/reports', { summary: 'Summary: all good', tokens: expect.any(Number) }]]);
    expect(run.error).toMatch(/^"broken" failed: Refused to connect to 10\.0\.0\.1/);
  });
});

describe('email action', () => {
  it('sends over SMTP with templated fields', async () => {
    const run = await runFlow(
      flow([{ id: 'mail', type: 'action', data: { subtype: 'email', actionType: 'email', to: '{{payload.email}}', subject: 'Welcome {{payload.name}}', body: 'Hello {{payload.name}}!' } }], [
        { source: 'start', target: 'mail' },
      ]),
      { payload: { email: 'ada@example.com', name: 'Ada' }, context: context({ email: { smtpUrl: smtp.url, from: 'Flows <flows@accent.local>' } }) },
    );
    expect(run.status).toBe('succeeded');
    expect(byId(run).mail.output).toMatchObject({ to: 'ada@example.com', subject: 'Welcome Ada', accepted: ['ada@example.com'], rejected: [] });
    const message = smtp.messages.at(-1)!;
    expect(message).toMatchObject({ from: 'flows@accent.local', to: ['ada@example.com'] });
    expect(message.raw).toMatch(/Subject: Welcome Ada/);
    expect(message.raw).toMatch(/Hello Ada!/);
  });

  it('says so when email is not configured', async () => {
    const run = await runFlow(flow([{ id: 'mail', type: 'action', data: { subtype: 'email', to: 'a@b.c' } }], [{ source: 'start', target: 'mail' }]), { context: context() });
    expect(byId(run).mail.error).toBe('Email is not configured: set SMTP_URL on the server (smtp://user:password@host:587).');
  });

  it('accepts an injected transport', async () => {
    const sent: unknown[] = [];
    const transport = { sendMail: async (mail: unknown) => (sent.push(mail), { messageId: '<1@test>', accepted: ['x@y.z'], rejected: [] }) };
    const run = await runFlow(flow([{ id: 'mail', type: 'action', data: { subtype: 'email', to: 'x@y.z' } }], [{ source: 'start', target: 'mail' }]), {
      payload: { text: 'incoming text' },
      context: context({ email: { transport } }),
    });
    expect(run.status).toBe('succeeded');
    expect(sent).toEqual([{ from: 'Accent Studio <no-reply@accent.local>', to: 'x@y.z', subject: 'Message from a flow', text: 'incoming text' }]);
  });
});

describe('database action', () => {
  it("inserts a row into the library's table, visible in library_rows", async () => {
    const run = await runFlow(
      flow([{ id: 'save', type: 'action', data: { subtype: 'database', actionType: 'database', table: 'leads', body: '{"name": "{{payload.name}}", "score": "{{payload.score}}"}' } }], [
        { source: 'start', target: 'save' },
      ]),
      { payload: { name: 'Ada', score: 91 }, context: context() },
    );
    expect(run.status).toBe('succeeded');
    const output = byId(run).save.output as { id: string };
    const row = await database.db.selectFrom('library_rows').selectAll().where('id', '=', output.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ library_id: libraryId, table_name: 'leads', data: { name: 'Ada', score: 91 }, created_by: userId });
  });

  it('stores the incoming data when there is no body, and refuses bad tables and rows', async () => {
    const run = await runFlow(flow([{ id: 'save', type: 'action', data: { subtype: 'database', table: 'events' } }], [{ source: 'start', target: 'save' }]), {
      payload: { kind: 'ping' },
      context: context(),
    });
    const rows = await database.db.selectFrom('library_rows').select('data').where('library_id', '=', libraryId).where('table_name', '=', 'events').execute();
    expect(run.status).toBe('succeeded');
    expect(rows.map((r) => r.data)).toEqual([{ kind: 'ping' }]);
    const bad = await runFlow(
      flow(
        [
          { id: 'table', type: 'action', data: { subtype: 'database', table: 'drop; --' } },
          { id: 'row', type: 'action', data: { subtype: 'database', table: 'ok', body: '[1, 2]' } },
        ],
        [
          { source: 'start', target: 'table' },
          { source: 'start', target: 'row' },
        ],
      ),
      { context: context() },
    );
    expect(byId(bad).table.error).toMatch(/^"drop; --" is not a valid table name/);
    expect(byId(bad).row.error).toBe('The row must be a JSON object, e.g. {"name": "{{payload.name}}"}.');
  });
});
