// The user's question reaches the model, exactly once, on every surface that asks a model: invoke, a
// chatbot thread, a published page's chat, a mission run, a background run and a flow's model node.
// The agents here have step prompts that do not place {{query}} (like the seeded Lead Qualifier once
// had), which is how the question used to get lost.
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { backgroundAgentConfigSchema } from '@accent/background-common';
import { runDetailSchema, type AgentSaveRequest } from '@accent/agents-common';
import { type FlowRun } from '@accent/flows-common';
import { withFlowTables } from '../flows/tables.js';
import { withPageTables } from '../pages/tables.js';
import { toJson } from '../db/values.js';
import { FAST_JOBS, FAST_MISSIONS, insertMission, runNow, saveAgent, } from '../testing/missions.js';
import { textOf, type ModelServer, type RecordedRequest } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(40_000);

const QUESTION = 'PURPLE-ELEPHANT: what does Acme do?';

/** How often `text` occurs in everything a request sent to the model (system and every message). */
function occurrences(request: RecordedRequest, text: string): number {
  return request.body.messages.reduce((n, m) => n + textOf(m.content).split(text).length - 1, 0);
}

/** The agent the issue was found with: the seeded Lead Qualifier as it was, its step prompt without {{query}}. */
const LEAD_QUALIFIER_AS_IT_WAS: AgentSaveRequest = {
  name: 'Old Lead Qualifier',
  flow_type: 'supervisor',
  query: 'Qualify this lead: {{lead}}',
  params: { lead: '', ideal_customer_profile: 'B2B companies with 200-5000 employees' },
  steps: [
    {
      name: 'Qualify lead',
      query: 'Lead details:\n{{lead}}\n\nIdeal customer profile: {{ideal_customer_profile}}',
      system: ['You are a sales development representative qualifying inbound leads.'],
      model: { provider: 'openai', model: 'gpt-4o-mini', temperature: 0.2, max_retries: 0, timeout: 30, max_tokens: 800, system: '', enable_context_helper: true },
      tools: [],
      include_in_output: true,
    },
  ],
} as AgentSaveRequest;

describe('the question reaches the model exactly once', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let admin: SignedIn;

  useModelApp((started) => ({ ctx, model, admin } = started), { jobs: FAST_JOBS, missions: FAST_MISSIONS });
  beforeAll(() => saveAgent(ctx, admin, LEAD_QUALIFIER_AS_IT_WAS));
  beforeEach(() => model.reset());

  const invoke = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: admin.headers, payload });

  it('invoke: a step prompt without {{query}} is the instructions and the question the user message', async () => {
    const response = await invoke({ name: LEAD_QUALIFIER_AS_IT_WAS.name, query: QUESTION, params: { lead: 'Acme Corp, 800 staff' } });
    expect(response.statusCode).toBe(200);
    expect(model.requests).toHaveLength(1);
    const [request] = model.requests;
    expect(occurrences(request, QUESTION)).toBe(1);
    expect(request.body.messages).toEqual([
      {
        role: 'system',
        content: 'You are a sales development representative qualifying inbound leads.\n\nLead details:\nAcme Corp, 800 staff\n\nIdeal customer profile: B2B companies with 200-5000 employees',
      },
      { role: 'user', content: QUESTION },
    ]);
    // the echo model answers with what it was asked
    expect(response.body).toBe(QUESTION);

    // the trace shows exactly what was sent, the tools offered and the model settings
    const run = runDetailSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${String(response.headers['x-run-id'])}`, headers: admin.headers })).json());
    expect(run.trace!.steps[0]).toMatchObject({
      messages: request.body.messages,
      tools: [],
      settings: { temperature: 0.2, max_tokens: 800, max_retries: 0, timeout: 30, provider_model: 'gpt-4o-mini' },
    });
  });

  it('invoke: the seeded Lead Qualifier places the question in its prompt, once', async () => {
    const response = await invoke({ name: 'Lead Qualifier', query: QUESTION });
    expect(response.statusCode).toBe(200);
    const [request] = model.requests;
    expect(occurrences(request, QUESTION)).toBe(1);
    expect(request.body.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining(QUESTION) });
  });

  it('chatbot thread: each message is asked once, after the thread history', async () => {
    const send = (query: string) =>
      invoke({ name: LEAD_QUALIFIER_AS_IT_WAS.name, query, thread_id: 'chat-1', use_history: true, save_history: true, source: 'chatbot' });
    await saveAgent(ctx, admin, { ...LEAD_QUALIFIER_AS_IT_WAS, settings: { memory: 'session' } } as AgentSaveRequest);
    expect((await send('first question')).statusCode).toBe(200);
    expect((await send(QUESTION)).statusCode).toBe(200);
    const second = model.requests[1];
    expect(occurrences(second, QUESTION)).toBe(1);
    expect(second.body.messages.filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'first question' },
      { role: 'user', content: QUESTION },
    ]);
  });

  it("published page: a visitor's question reaches the page's agent once", async () => {
    const page = await withPageTables(ctx.database.db)
      .insertInto('pages')
      .values({ library_id: admin.body.library_id, user_id: admin.body.user_id, name: 'Acme', agent_name: LEAD_QUALIFIER_AS_IT_WAS.name, components: toJson([]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const published = await ctx.app.inject({ method: 'POST', url: `/api/v1/pages/${page.id}/publish`, headers: admin.headers });
    expect(published.statusCode).toBe(200);
    const { slug } = published.json<{ slug: string }>();
    const response = await ctx.app.inject({ method: 'POST', url: `/api/public/pages/${slug}/chat`, payload: { message: QUESTION, thread_id: 'visitor-thread-1' } });
    expect([response.statusCode, response.body]).toEqual([200, QUESTION]);
    expect(response.body).toBe(QUESTION);
    expect(model.requests).toHaveLength(1);
    expect(occurrences(model.requests[0], QUESTION)).toBe(1);
  });

  it("mission run: the mission's prompt is the question, once", async () => {
    const id = await insertMission(ctx, { name: 'Weekly qualify', agent: LEAD_QUALIFIER_AS_IT_WAS.name, owner: admin, prompt: QUESTION });
    const run = await runNow(ctx, admin, id);
    expect(run.status).toBe('succeeded');
    expect(model.requests).toHaveLength(1);
    expect(occurrences(model.requests[0], QUESTION)).toBe(1);
  });

  it('background run: what the run is about reaches every step once', async () => {
    const config = backgroundAgentConfigSchema.parse({
      name: 'Deal Watcher',
      category: 'CRM Monitoring',
      description: QUESTION,
      systemPrompt: 'You are a careful sales analyst.',
      processingSteps: [{ type: 'analysis', description: 'Summarise the deals' }],
      dataSources: [],
      deliveryChannels: ['dashboard'],
      status: 'active',
    });
    // the processing step answers something of its own, so the output step's request holds the question once
    model.reply({ text: 'Two deals stalled.' });
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/background-agents/test', headers: admin.headers, payload: { config } });
    expect(response.statusCode).toBe(200);
    expect(model.requests).toHaveLength(2);
    for (const request of model.requests) expect(occurrences(request, QUESTION)).toBe(1);
    expect(occurrences(model.requests[1], 'Two deals stalled.')).toBe(1);
  });

  it("flow model node: the incoming text is the user message when the node's prompt does not place it", async () => {
    const node = (id: string, type: string, data: Record<string, unknown>) => ({ id, type, position: { x: 0, y: 0 }, data });
    const flow = (prompt: string) => ({
      nodes: [
        node('start', 'trigger', { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook', config: {} }),
        node('ask', 'llm', { label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', systemPrompt: 'You answer sales questions.', prompt }),
      ],
      edges: [{ id: 'e-start-ask', source: 'start', target: 'ask' }],
      viewport: { x: 0, y: 0, zoom: 1 },
    });
    const id = `flow-${Date.now()}-question00`;
    await withFlowTables(ctx.database.db)
      .insertInto('flows')
      .values({ id, name: 'Questions', library_id: admin.body.library_id, owner_id: admin.body.user_id, flow_data: JSON.stringify(flow('Answer in one line.')), node_count: 2 } as never)
      .execute();
    const test = (prompt: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/flows/${id}/test`, headers: admin.headers, payload: { payload: { text: QUESTION }, flowData: flow(prompt) } });

    const instructions = await test('Answer in one line.');
    expect(instructions.json<FlowRun>().status).toBe('succeeded');
    expect(model.requests[0].body.messages).toEqual([
      { role: 'system', content: 'You answer sales questions.\n\nAnswer in one line.' },
      { role: 'user', content: QUESTION },
    ]);

    // a prompt that places the incoming text is the user message itself
    const placed = await test('Question: {{payload.text}}');
    expect(placed.json<FlowRun>().status).toBe('succeeded');
    expect(occurrences(model.requests[1], QUESTION)).toBe(1);
    expect(model.requests[1].body.messages.at(-1)).toEqual({ role: 'user', content: `Question: ${QUESTION}` });
  });
});
