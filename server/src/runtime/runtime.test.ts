import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  FALLBACK_ANSWERS,
  runDetailSchema,
  runEventSchema,
  runsListResponseSchema,
  threadResponseSchema,
  type AgentRunRequest,
  type AgentSaveRequest,
  type RunDetail,
  type RunEvent,
} from '@accent/agents-common';
import { startHttpStub, type HttpStub } from '../testing/http-stub.js';
import { lastUserMessage, textOf, type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { createUser, login, type SignedIn, type TestContext } from '../testing/test-app.js';

const TEST_KEY = 'sk-test-0123456789abcdef';

describe('agent runtime', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let slack: HttpStub;
  let admin: SignedIn;
  let member: SignedIn;

  beforeAll(async () => {
    slack = await startHttpStub((req) =>
      req.path === '/chat.postMessage' ? { body: { ok: true, channel: 'C123', ts: '1700000000.000100' } } : { status: 404, body: { ok: false, error: 'unknown_method' } },
    );
  });
  // the getter is read when the app starts, after the stub's beforeAll above
  useModelApp((started) => ({ ctx, model, admin, member } = started), { apiKey: TEST_KEY, env: { get SLACK_API_BASE_URL() { return slack.url; } } });
  afterAll(async () => {
    await slack.close();
  });
  beforeEach(() => model.reset());

  const save = async (agent: AgentSaveRequest) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers, payload: agent });
    expect(response.statusCode).toBe(200);
  };
  const invoke = (body: AgentRunRequest, who: SignedIn = admin, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: { ...who.headers, ...headers }, payload: body });
  const getRun = async (id: string, who: SignedIn = admin): Promise<RunDetail> => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${id}`, headers: who.headers });
    expect(response.statusCode).toBe(200);
    return runDetailSchema.parse(response.json());
  };
  const runOf = (response: { headers: Record<string, unknown> }) => getRun(String(response.headers['x-run-id']));
  const step = (name: string, query: string, extra: Record<string, unknown> = {}) => ({ name, query, ...extra });
  const userMessages = (i: number) => model.requests[i].body.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}: ${textOf(m.content)}`);

  describe('steps and templating', () => {
    it('runs every step of a dynamic agent in order with {{param}}, {{query}}, {{steps.name}} and {{stepN}}', async () => {
      await save({
        name: 'Writer',
        params: { topic: 'support', tone: 'formal' },
        steps: [
          step('Outline', 'Outline {{topic}} for {{query}} ({{tone}})', { include_in_output: false, system: ['Be brief.', 'Topic: {{topic}}'], model: { system: 'Answer in English.' } }),
          step('Draft', 'Draft from: {{steps.Outline}} | {{step1}}', { include_in_output: true }),
        ],
      });
      const response = await invoke({ name: 'Writer', query: 'Acme', params: { topic: 'pricing' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(model.requests).toHaveLength(2);
      expect(lastUserMessage(model.requests[0].body)).toBe('Outline pricing for Acme (formal)');
      expect(model.requests[0].body.messages[0]).toEqual({ role: 'system', content: 'Be brief.\nTopic: pricing\nAnswer in English.' });
      // a prompt without {{query}} is instructions: the question is the user's message (echoed back)
      expect(model.requests[1].body.messages).toEqual([
        { role: 'system', content: 'Draft from: Outline pricing for Acme (formal) | Outline pricing for Acme (formal)' },
        { role: 'user', content: 'Acme' },
      ]);
      // only the step marked include_in_output is the answer
      expect(response.body).toBe('Acme');

      const run = await runOf(response);
      expect(run).toMatchObject({ status: 'succeeded', agent_name: 'Writer', agent_version: 1, source: 'api', input: { query: 'Acme', params: { topic: 'pricing', tone: 'formal' } } });
      expect(run.trace!.steps.map((s) => [s.name, s.provider, s.model, s.provider_model])).toEqual([
        ['Outline', 'openai', 'gpt-4', 'gpt-4'],
        ['Draft', 'openai', 'gpt-4', 'gpt-4'],
      ]);
      expect(run.usage!.totalTokens).toBeGreaterThan(0);
      expect(run.usage!.totalTokens).toBe(run.trace!.steps.reduce((n, s) => n + s.usage.totalTokens, 0));
      expect(run.model_ms).toBeGreaterThan(0);
      expect(run.duration_ms).toBeGreaterThanOrEqual(run.model_ms!);
    });

    it('joins every included step with a blank line, falls back to the last step when none is marked, and uses the run query for empty prompts', async () => {
      await save({ name: 'Joiner', steps: [step('A', 'alpha: {{query}}'), step('B', ''), step('C', 'gamma', { include_in_output: false })] });
      expect((await invoke({ name: 'Joiner', query: 'beta' })).body).toBe('alpha: beta\n\nbeta');

      // no question: each prompt is what the step asks
      await save({ name: 'Nothing marked', steps: [step('A', 'first', { include_in_output: false }), step('B', 'second', { include_in_output: false })] });
      expect((await invoke({ name: 'Nothing marked', query: '' })).body).toBe('second');
    });

    it('runs only the first step of a supervisor agent, with the step model settings', async () => {
      await save({
        name: 'Single',
        flow_type: 'supervisor',
        steps: [step('Only', 'one', { model: { model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 64 } }), step('Never', 'two')],
      });
      expect((await invoke({ name: 'Single' })).body).toBe('one');
      expect(model.requests).toHaveLength(1);
      expect(model.requests[0].body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 64 });
    });

    it('runs an agent without steps as one step with the default model, and leaves max_tokens 0 to the provider', async () => {
      await save({ name: 'Plain' });
      expect((await invoke({ name: 'Plain', query: 'Hi there' })).body).toBe('Hi there');
      expect(model.requests[0].body).toMatchObject({ model: 'gpt-4', temperature: 0.7 });

      await save({ name: 'No limit', steps: [step('S', 'q', { model: { max_tokens: 0 } })] });
      await invoke({ name: 'No limit' });
      expect(model.requests[1].body.max_tokens).toBeUndefined();
    });

    it('refuses a run with nothing to ask', async () => {
      await save({ name: 'Empty prompt', steps: [step('S', '')] });
      const response = await invoke({ name: 'Empty prompt', query: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Nothing to ask: step "S" has no prompt and the request has no query.' });
    });
  });

  describe('history', () => {
    const chat = (name: string, query: string, extra: Partial<AgentRunRequest> = {}) =>
      invoke({ name, query, thread_id: 'thread-1', use_history: true, save_history: true, ...extra });

    it('sends the last max_history_items messages of the thread before the prompt and saves each exchange', async () => {
      await save({ name: 'Chatty', settings: { memory: 'session' } });
      await chat('Chatty', 'first');
      await chat('Chatty', 'second');
      expect(userMessages(1)).toEqual(['user: first', 'assistant: first', 'user: second']);

      await chat('Chatty', 'third', { max_history_items: 3 });
      expect(userMessages(2)).toEqual(['assistant: first', 'user: second', 'assistant: second', 'user: third']);

      // without use_history nothing is sent; another thread has its own history
      await chat('Chatty', 'fourth', { use_history: false });
      expect(userMessages(3)).toEqual(['user: fourth']);
      await chat('Chatty', 'elsewhere', { thread_id: 'thread-2' });
      expect(userMessages(4)).toEqual(['user: elsewhere']);

      const run = await getRun(String((await chat('Chatty', 'fifth', { max_history_items: 2 })).headers['x-run-id']));
      expect(run.trace!.steps[0].history_messages).toBe(2);
      expect(run.trace!.thread_key).toBe('thread-1');
    });

    it("keeps no history with memory 'none' and one history per user across threads with 'persistent'", async () => {
      await save({ name: 'Forgetful', settings: { memory: 'none' } });
      await chat('Forgetful', 'one');
      await chat('Forgetful', 'two');
      expect(userMessages(1)).toEqual(['user: two']);

      await save({ name: 'Elephant', settings: { memory: 'persistent' } });
      await chat('Elephant', 'remember me', { thread_id: 'a' });
      await chat('Elephant', 'do you?', { thread_id: 'b' });
      expect(userMessages(3)).toEqual(['user: remember me', 'assistant: remember me', 'user: do you?']);
      // another user's persistent history is their own
      await invoke({ name: 'Elephant', query: 'member here', use_history: true, save_history: true, thread_id: 'a' }, member);
      expect(userMessages(4)).toEqual(['user: member here']);
    });
  });

  describe('model failures', () => {
    it('retries a failing call max_retries times', async () => {
      await save({ name: 'Retrier', steps: [step('S', 'try', { model: { max_retries: 2 } })] });
      // retry-after-ms keeps the SDK's back-off short
      const failure = { status: 500, error: 'upstream overloaded', headers: { 'retry-after-ms': '5' } };
      model.reply(failure, failure);
      const response = await invoke({ name: 'Retrier', source: 'test' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('try');
      expect(model.requests).toHaveLength(3);
    });

    it('answers 502 with the provider message once retries are used up (test runs get the real error)', async () => {
      await save({ name: 'Broken', steps: [step('S', 'try', { model: { max_retries: 1 } })] });
      const failure = { status: 500, error: 'upstream overloaded', headers: { 'retry-after-ms': '5' } };
      model.reply(failure, failure);
      const response = await invoke({ name: 'Broken', source: 'test' });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ detail: 'OpenAI request failed: upstream overloaded' });
      expect(model.requests).toHaveLength(2);
      const runs = runsListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Broken', headers: admin.headers })).json());
      expect(runs.runs[0]).toMatchObject({ status: 'failed', error: 'OpenAI request failed: upstream overloaded' });
    });

    it('aborts a step after its timeout', async () => {
      await save({ name: 'Slow', steps: [step('S', 'wait', { model: { timeout: 1, max_retries: 0 } })] });
      model.reply({ text: 'too late', delayMs: 5000 });
      const started = Date.now();
      const response = await invoke({ name: 'Slow', source: 'test' });
      // aborted well before the model would have answered
      expect(Date.now() - started).toBeLessThan(4000);
      expect(response.statusCode).toBe(504);
      expect(response.json()).toEqual({ detail: 'OpenAI request timed out after 1 second.' });
    });

    it.each([
      ['apologize', FALLBACK_ANSWERS.apologize, false],
      ['escalate', FALLBACK_ANSWERS.escalate, true],
    ] as const)("answers the '%s' fallback to a chatbot and records the failure", async (fallback, answer, escalated) => {
      const name = `Fallback ${fallback}`;
      await save({ name, steps: [step('S', 'q', { model: { max_retries: 0 } })], settings: { fallback } });
      model.reply({ status: 503, error: 'service unavailable' });
      const response = await invoke({ name, source: 'chatbot' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(answer);
      const run = await runOf(response);
      expect(run).toMatchObject({ status: 'failed', output: answer, error: 'OpenAI request failed: service unavailable' });
      expect(run.trace).toMatchObject({ fallback: { mode: fallback, error: 'OpenAI request failed: service unavailable' }, escalated });
    });

    it("answers the 'search' fallback with the knowledge base's best documents", async () => {
      await save({ name: 'Fallback search', steps: [step('S', 'q', { model: { max_retries: 0 } })], settings: { fallback: 'search' } });
      model.reply({ status: 500, error: 'down' });
      const response = await invoke({ name: 'Fallback search', source: 'api', query: 'How much does the Team plan cost?' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/^Here is what I found in the knowledge base:\n\n1\. Pricing\.md — /);
      expect(response.body).toContain('**Team**');
    });
  });

  describe('providers and keys', () => {
    it('names the provider and where to add its key when there is none', async () => {
      await save({ name: 'Claude', steps: [step('S', 'q', { model: { provider: 'anthropic', model: 'claude-3-haiku' } })] });
      const response = await invoke({ name: 'Claude' });
      expect(response.statusCode).toBe(424);
      expect(response.json()).toEqual({
        detail: 'No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.',
      });
      const runs = runsListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Claude', headers: admin.headers })).json());
      expect(runs.runs[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('No API key for Anthropic') });
    });

    it('uses a key stored for the library over the environment (a wrong key fails at the provider)', async () => {
      const put = (apiKey: string) =>
        ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/provider/openai', headers: admin.headers, payload: { values: { apiKey } } });
      expect((await put('sk-wrong-key-0000000000')).statusCode).toBe(200);
      await save({ name: 'Keyed', steps: [step('S', 'q', { model: { max_retries: 0 } })] });
      const wrong = await invoke({ name: 'Keyed', source: 'test' });
      expect(wrong.statusCode).toBe(424);
      expect(wrong.json()).toEqual({
        detail: 'OpenAI rejected the API key (HTTP 401: Incorrect API key provided.). An administrator can replace it in Admin → Model providers, or set OPENAI_API_KEY on the server.',
      });
      expect(model.requests[0].headers.authorization).toBe('Bearer sk-wrong-key-0000000000');
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/admin/credentials/provider/openai', headers: admin.headers })).statusCode).toBe(200);
      expect((await invoke({ name: 'Keyed', source: 'test' })).statusCode).toBe(200);
    });

    it('reaches a local OpenAI-compatible server from the stored base URL, with the model name as typed', async () => {
      const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/provider/local', headers: admin.headers, payload: { values: { baseUrl: model.url, apiKey: TEST_KEY } } });
      expect(put.statusCode).toBe(200);
      await save({ name: 'Local', steps: [step('S', 'hello local', { model: { provider: 'local', model: 'llama3.1:8b' } })] });
      const response = await invoke({ name: 'Local' });
      expect(response.body).toBe('hello local');
      expect(model.requests[0].body.model).toBe('llama3.1:8b');
    });

    it('refuses an unknown provider', async () => {
      await save({ name: 'Mystery', steps: [step('S', 'q', { model: { provider: 'acme-ai' } })] });
      const response = await invoke({ name: 'Mystery' });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^Unknown model provider "acme-ai" on step "S"/);
    });
  });

  describe('tools', () => {
    it('lets the model call the knowledge base and records the call in the trace', async () => {
      await save({ name: 'Support', steps: [step('Answer', 'What are your support hours?', { tools: ['internal knowledge base search'] })] });
      model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { query: 'support hours' } }] }, { text: 'Monday to Friday, 8:00–18:00.' });
      const response = await invoke({ name: 'Support' });
      expect(response.body).toBe('Monday to Friday, 8:00–18:00.');

      // the model saw the tool, and got its result back
      expect(model.requests[0].body.tools?.map((t) => t.function.name)).toEqual(['internal_knowledge_base_search']);
      const toolMessage = model.requests[1].body.messages.find((m) => m.role === 'tool');
      expect(textOf(toolMessage!.content)).toContain('Support policy.md');

      const run = await runOf(response);
      const [call] = run.trace!.steps[0].tool_calls;
      expect(call).toMatchObject({ tool: 'internal knowledge base search', input: { query: 'support hours' }, error: null });
      expect((call.output as { results: { document: string }[] }).results[0].document).toBe('Support policy.md');
      expect(call.duration_ms).toBeGreaterThanOrEqual(0);
    });

    it('records a tool call whose input fails the tool schema, though the tool never ran', async () => {
      await save({ name: 'Sloppy', steps: [step('S', 'Look it up', { tools: ['internal knowledge base search'] })] });
      model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { wrong: 1 } }] }, { text: 'Sorry, the lookup failed.' });
      for (const stream of [false, true]) {
        const response = await invoke({ name: 'Sloppy' }, admin, stream ? { accept: 'text/event-stream' } : {});
        const runId = stream ? /"run_id":"([^"]+)"/.exec(response.body)![1] : String(response.headers['x-run-id']);
        const [call] = (await getRun(runId)).trace!.steps[0].tool_calls;
        expect(call).toMatchObject({ tool: 'internal knowledge base search', input: { wrong: 1 }, output: null });
        expect(call.error).toMatch(/^internal knowledge base search was not run: /);
        if (stream) expect(response.body).toContain('"type":"tool","name":"internal knowledge base search","status":"failed"');
        else model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { wrong: 1 } }] }, { text: 'Sorry, the lookup failed.' });
      }
    });

    it('answers "not connected" for an external tool without credentials, visible in the trace', async () => {
      await save({ name: 'Searcher', steps: [step('S', 'Find news', { tools: ['Google Search'] })] });
      model.reply({ toolCalls: [{ name: 'google_search', arguments: { query: 'accent studio news' } }] }, { text: 'I cannot search the web right now.' });
      const response = await invoke({ name: 'Searcher' });
      expect(response.statusCode).toBe(200);
      const message = 'Google Search is not connected. An administrator can add its credentials in Admin → Connectors.';
      const [call] = (await runOf(response)).trace!.steps[0].tool_calls;
      expect(call).toMatchObject({ tool: 'Google Search', output: { error: 'not_connected', message }, error: message });
      expect(textOf(model.requests[1].body.messages.find((m) => m.role === 'tool')!.content)).toContain('not_connected');
    });

    it('posts to Slack with the stored bot token (against a local Slack API)', async () => {
      const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/connector/slack', headers: admin.headers, payload: { values: { botToken: 'xoxb-test-token-123456' } } });
      expect(put.statusCode).toBe(200);
      await save({ name: 'Announcer', steps: [step('S', 'Announce the launch', { tools: ['Send Channel Message'] })] });
      model.reply({ toolCalls: [{ name: 'slack_send_channel_message', arguments: { channel: '#launch', text: 'We are live!' } }] }, { text: 'Posted.' });
      const response = await invoke({ name: 'Announcer' });
      expect(response.body).toBe('Posted.');
      expect(slack.requests).toHaveLength(1);
      expect(slack.requests[0]).toMatchObject({ method: 'POST', path: '/chat.postMessage', body: { channel: 'launch', text: 'We are live!' } });
      expect(slack.requests[0].headers.authorization).toBe('Bearer xoxb-test-token-123456');
      const [call] = (await runOf(response)).trace!.steps[0].tool_calls;
      expect(call).toMatchObject({ tool: 'Send Channel Message', output: { sent: true, channel: 'C123', ts: '1700000000.000100' }, error: null });
    });

    it('leaves out tool names that are not in the catalogue, with a warning in the trace', async () => {
      await save({ name: 'Odd tools', steps: [step('S', 'q', { tools: ['Teleporter'] })] });
      const response = await invoke({ name: 'Odd tools' });
      expect(model.requests[0].body.tools).toBeUndefined();
      expect((await runOf(response)).trace!.steps[0].warnings).toEqual(['Tool "Teleporter" is not in the catalogue and was left out.']);
    });

    it('asks another agent (recorded as its own run) and stops agents calling agents beyond 3 levels', async () => {
      await save({ name: 'Helper', steps: [step('S', '')] });
      await save({ name: 'Manager', steps: [step('S', 'Delegate', { tools: ['Ask Agent'] })] });
      model.reply({ toolCalls: [{ name: 'ask_agent', arguments: { agent: 'Helper', question: 'What is 2+2?' } }] }, { text: '4' }, { text: 'Helper says 4' });
      const response = await invoke({ name: 'Manager' });
      expect(response.body).toBe('Helper says 4');
      const [call] = (await runOf(response)).trace!.steps[0].tool_calls;
      expect(call.output).toMatchObject({ agent: 'Helper', answer: '4' });
      const helperRuns = runsListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Helper', headers: admin.headers })).json());
      expect(helperRuns.runs[0]).toMatchObject({ source: 'agent', output: '4', input: { query: 'What is 2+2?' } });

      // an agent that keeps asking itself
      await save({ name: 'Recursive', steps: [step('S', 'Go', { tools: ['Ask Agent'] })] });
      model.setDefaultReply((req) =>
        req.body.messages[req.body.messages.length - 1].role === 'tool' ? { text: 'level done' } : { toolCalls: [{ name: 'ask_agent', arguments: { agent: 'Recursive', question: 'Go deeper' } }] },
      );
      expect((await invoke({ name: 'Recursive' })).body).toBe('level done');
      const runs = runsListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Recursive', headers: admin.headers })).json());
      expect(runs.runs).toHaveLength(4); // depth 0, 1, 2, 3
      const deepest = await getRun(runs.runs[0].id);
      expect(deepest.trace!.depth).toBe(3);
      expect(deepest.trace!.steps[0].tool_calls[0].error).toBe('Agents can call other agents at most 3 levels deep; agent "Recursive" was not run.');
    });
  });

  describe('limits and access', () => {
    it('answers 404 for an unknown agent', async () => {
      const response = await invoke({ name: 'Nobody' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Agent "Nobody" not found' });
    });

    it('limits runs per agent per minute with 429 and Retry-After', async () => {
      await save({ name: 'Limited', settings: { rate_limit: 2 } });
      expect((await invoke({ name: 'Limited', query: 'a' })).statusCode).toBe(200);
      expect((await invoke({ name: 'Limited', query: 'b' }, member)).statusCode).toBe(200);
      const limited = await invoke({ name: 'Limited', query: 'c' });
      expect(limited.statusCode).toBe(429);
      const seconds = Number(limited.headers['retry-after']);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(limited.json()).toEqual({ detail: `Rate limit reached for agent "Limited": 2 requests per minute. Try again in ${seconds} seconds.` });
      expect(model.requests).toHaveLength(2);
    });

    it("enforces the agent's access permissions; members run the agents they may", async () => {
      await save({ name: 'Open', settings: { access: ['all_users'] } });
      await save({ name: 'Admins', settings: { access: ['admin_only'] } });
      await save({ name: 'Sales desk', settings: { access: ['sales_team'] } });
      expect((await invoke({ name: 'Open', query: 'hi' }, member)).statusCode).toBe(200);
      const denied = await invoke({ name: 'Admins', query: 'hi' }, member);
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ detail: 'You do not have access to run agent "Admins".' });
      expect((await invoke({ name: 'Admins', query: 'hi' })).statusCode).toBe(200);
      expect((await invoke({ name: 'Sales desk', query: 'hi' }, member)).statusCode).toBe(403);

      const users = (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: admin.headers })).json<{ users: { id: string; email: string }[] }>();
      const memberId = users.users.find((u) => u.email === member.body.email)!.id;
      const patch = (team: string | null) => ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${memberId}`, headers: admin.headers, payload: { team } });
      expect((await patch('sales')).statusCode).toBe(200);
      expect((await invoke({ name: 'Sales desk', query: 'hi' }, member)).statusCode).toBe(200);
      expect((await patch(null)).statusCode).toBe(200);
    });
  });

  describe('the caller at invoke time', () => {
    // invoke reuses the guard's read of the caller (no second read): it must still refuse at once
    it('refuses a deactivated user and an ended sign-in at the next invoke, before any model call or run', async () => {
      await save({ name: 'Anyone', settings: { access: ['all_users'] } });
      const email = `invoker-${Date.now()}@accent.local`;
      const id = await createUser(ctx.database, { environment: DEMO_CREDENTIALS.environment, library: DEMO_CREDENTIALS.library, email, password: 'long-enough-password', role: 'member' });
      const who = await login(ctx.app, { email, password: 'long-enough-password' });
      const other = await login(ctx.app, { email, password: 'long-enough-password' });
      expect((await invoke({ name: 'Anyone', query: 'hi' }, who)).statusCode).toBe(200);
      const runsBefore = (await ctx.database.db.selectFrom('agent_runs').select('id').where('user_id', '=', id).execute()).length;
      model.reset();

      // signing out ends that sign-in only
      expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: who.headers, cookies: { accent_refresh: who.refreshCookie } })).statusCode).toBe(204);
      const signedOut = await invoke({ name: 'Anyone', query: 'hi' }, who);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json()).toEqual({ detail: 'Not signed in' });
      expect((await invoke({ name: 'Anyone', query: 'hi' }, other)).statusCode).toBe(200);

      const patched = await ctx.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${id}`, headers: admin.headers, payload: { active: false } });
      expect(patched.statusCode).toBe(200);
      const deactivated = await invoke({ name: 'Anyone', query: 'hi' }, other);
      expect(deactivated.statusCode).toBe(401);
      expect(deactivated.json()).toEqual({ detail: 'Not signed in' });
      expect(model.requests).toHaveLength(1);
      expect((await ctx.database.db.selectFrom('agent_runs').select('id').where('user_id', '=', id).execute()).length).toBe(runsBefore + 1);
    });
  });

  describe('streaming and runs', () => {
    const parseEvents = (body: string): RunEvent[] =>
      body
        .split('\n\n')
        .filter((chunk) => chunk.startsWith('data: '))
        .map((chunk) => runEventSchema.parse(JSON.parse(chunk.slice('data: '.length))));

    it('streams run, step, delta, tool and done events as SSE', async () => {
      await save({ name: 'Streamer', steps: [step('Look up', 'pricing', { tools: ['internal knowledge base search'] }), step('Say', 'Thanks for asking about {{steps.Look up}}')] });
      model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { query: 'pricing' } }] }, { text: 'Starter is $49' });
      const response = await invoke({ name: 'Streamer' }, admin, { accept: 'text/event-stream' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const events = parseEvents(response.body);
      const runId = (events[0] as { run_id: string }).run_id;
      expect(events).toEqual([
        { type: 'run', run_id: runId },
        { type: 'step', index: 0, name: 'Look up' },
        { type: 'tool', name: 'internal knowledge base search', status: 'started' },
        // the finished call says what it did, in the words the chat shows inline
        { type: 'tool', name: 'internal knowledge base search', status: 'succeeded', summary: expect.stringMatching(/^Searched knowledge base · \d+ results?$/) },
        { type: 'delta', text: 'Starter ' },
        { type: 'delta', text: 'is ' },
        { type: 'delta', text: '$49' },
        { type: 'step', index: 1, name: 'Say' },
        ...['Thanks ', 'for ', 'asking ', 'about ', 'Starter ', 'is ', '$49'].map((text) => ({ type: 'delta', text })),
        { type: 'done', output: 'Starter is $49\n\nThanks for asking about Starter is $49', run_id: runId, elapsed_ms: expect.any(Number) },
      ]);
      expect(model.requests.every((r) => r.body.stream === true)).toBe(true);
      const run = await getRun(runId);
      expect(run.status).toBe('succeeded');
      expect(run.trace!.steps.map((s) => s.output)).toEqual(['Starter is $49', 'Thanks for asking about Starter is $49']);
      expect(run.usage!.totalTokens).toBeGreaterThan(0);
      expect(run.model_ms).toBeLessThanOrEqual(run.duration_ms!);
    });

    it("GET /agent/thread gives the caller's own turns of one conversation, oldest first, with each tool call summarised", async () => {
      await save({ name: 'Threaded', steps: [step('Answer', '', { tools: ['internal knowledge base search'] })] });
      const ask = (query: string, thread_id: string, who: SignedIn = member) =>
        invoke({ name: 'Threaded', query, thread_id, use_history: true, save_history: true, source: 'chatbot' }, who);
      model.reply({ toolCalls: [{ name: 'internal_knowledge_base_search', arguments: { query: 'refund' } }] }, { text: 'Refunds take 5 days' });
      expect((await ask('How do refunds work?', 'chat-1')).statusCode).toBe(200);
      expect((await ask('And for annual plans?', 'chat-1')).statusCode).toBe(200);
      expect((await ask('Another conversation', 'chat-2')).statusCode).toBe(200);
      // someone else's runs under the same thread id are not part of this person's conversation
      expect((await ask('Admin in chat-1', 'chat-1', admin)).statusCode).toBe(200);

      const thread = (query: string, who: SignedIn = member) => ctx.app.inject({ method: 'GET', url: `/api/v1/agent/thread?${query}`, headers: who.headers });
      const response = await thread('name=Threaded&thread_id=chat-1');
      expect(response.statusCode).toBe(200);
      const { turns } = threadResponseSchema.parse(response.json());
      expect(turns.map((t) => [t.query, t.status, t.output])).toEqual([
        ['How do refunds work?', 'succeeded', 'Refunds take 5 days'],
        ['And for annual plans?', 'succeeded', 'And for annual plans?'],
      ]);
      expect(turns[0]!.tools).toEqual([
        { tool: 'internal knowledge base search', failed: false, summary: expect.stringMatching(/^Searched knowledge base · \d+ results?$/) },
      ]);
      expect(turns[1]!.tools).toEqual([]);

      const adminView = threadResponseSchema.parse((await thread('name=Threaded&thread_id=chat-1', admin)).json());
      expect(adminView.turns.map((t) => t.query)).toEqual(['Admin in chat-1']);
      const bad = await thread('name=Threaded');
      expect(bad.statusCode).toBe(400);
      expect(JSON.stringify(bad.json())).toContain('thread_id');
    });

    it('keeps pre-run errors as HTTP statuses and reports later failures as an error event', async () => {
      const notFound = await invoke({ name: 'Ghost' }, admin, { accept: 'text/event-stream' });
      expect(notFound.statusCode).toBe(404);
      await save({ name: 'Stream fails', steps: [step('S', 'q', { model: { max_retries: 0 } })] });
      model.reply({ status: 500, error: 'kaput' });
      const failed = await invoke({ name: 'Stream fails', source: 'test' }, admin, { accept: 'text/event-stream' });
      const events = parseEvents(failed.body);
      expect(events.map((e) => e.type)).toEqual(['run', 'step', 'error']);
      expect(events[2]).toEqual({ type: 'error', message: 'OpenAI request failed: kaput', status: 502 });
    });

    it('records a run as cancelled when the client disconnects', async () => {
      await save({ name: 'Patient', steps: [step('S', 'wait for me', { model: { timeout: 30 } })] });
      model.reply({ text: 'finally', delayMs: 10_000 });
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const controller = new AbortController();
      const response = await fetch(`${address}/api/v1/agent/invoke`, {
        method: 'POST',
        headers: { ...admin.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ name: 'Patient' }),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      const runId = (JSON.parse(first.split('\n\n')[0].slice('data: '.length)) as { run_id: string }).run_id;
      controller.abort();

      let run = await getRun(runId);
      for (let i = 0; i < 100 && run.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = await getRun(runId);
      }
      expect(run).toMatchObject({ status: 'cancelled', error: 'The run was cancelled.' });
      expect(run.duration_ms).toBeLessThan(5000);
    });

    it('lists recent runs newest first without traces; members see their own runs only', async () => {
      await save({ name: 'Counted' });
      for (const q of ['one', 'two', 'three']) await invoke({ name: 'Counted', query: q });
      await invoke({ name: 'Counted', query: 'mine' }, member);
      const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Counted&limit=3', headers: admin.headers });
      const body = runsListResponseSchema.parse(list.json());
      expect(body.runs.map((r) => r.output)).toEqual(['mine', 'three', 'two']);
      expect(body.runs[0]).not.toHaveProperty('trace');

      const mine = runsListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/runs?name=Counted', headers: member.headers })).json());
      expect(mine.runs.map((r) => r.output)).toEqual(['mine']);
      const adminRun = body.runs[1].id;
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${adminRun}`, headers: member.headers })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/runs/not-a-uuid', headers: admin.headers })).statusCode).toBe(400);
    });
  });
});
