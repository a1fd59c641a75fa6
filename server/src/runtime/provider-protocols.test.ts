// Every model provider against its own protocol: the real AI SDK provider (built by providers.ts from
// the library's stored settings) talks to a local server speaking OpenAI Chat Completions, Anthropic
// Messages, Google Gemini generateContent, or Azure OpenAI's v1 API. For each: a plain and a streamed
// answer, a tool call and its result, a rejected key, 429 with retry-after, 500 and a step timeout; and
// the request bodies as the provider documents them (model id, system prompt placement, tools schema).
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { runDetailSchema, runEventSchema, type AgentRunRequest, type RunEvent } from '@accent/agents-common';
import { startModelServer } from '../testing/model-server.js';
import { startAnthropicServer, startGeminiServer, type ProviderRule } from '../testing/provider-servers.js';
import { createTestContext, loginAdmin, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(30_000);

const KEY = 'provider-test-key-0123456789';
const SYSTEM = 'You are a precise assistant.';
const QUESTION = 'What does Acme sell?';
const KB_TOOL = 'internal_knowledge_base_search';

// What every protocol server offers the tests, whatever its wire format.
interface Server {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  requests: { path: string; headers: Record<string, unknown>; body: any }[];
  reply(...rules: ProviderRule[]): void;
  reset(): void;
  close(): Promise<void>;
}
type Body = Server['requests'][number]['body'];

interface Protocol {
  provider: 'openai' | 'anthropic' | 'google' | 'microsoft';
  label: string;
  /** the spec's model name on the step and the provider model id it must be sent as */
  model: string;
  providerModel: string;
  envHint: string;
  start(): Promise<Server>;
  /** the stored settings pointing the provider at the server */
  settings(url: string): Record<string, string>;
  /** where the model id, system prompt, user texts, settings and tools are in a request */
  path(stream: boolean): string;
  modelOf(request: Server['requests'][number]): string;
  systemOf(body: Body): string | undefined;
  userTexts(body: Body): string[];
  settingsOf(body: Body): { temperature: number; maxTokens: number };
  tools(body: Body): { name: string; parameters: { properties: Record<string, unknown>; required?: string[] } }[];
  /** the tool result the client sent back in its follow-up request */
  toolResult(body: Body): string;
}

const chatCompletions = (provider: 'openai' | 'microsoft'): Omit<Protocol, 'label' | 'model' | 'providerModel' | 'envHint' | 'start' | 'settings' | 'path'> => ({
  provider,
  modelOf: (r) => r.body.model,
  systemOf: (b) => b.messages.find((m: { role: string }) => m.role === 'system')?.content,
  userTexts: (b) => b.messages.filter((m: { role: string }) => m.role === 'user').map((m: { content: string }) => m.content),
  settingsOf: (b) => ({ temperature: b.temperature, maxTokens: b.max_tokens }),
  tools: (b) => (b.tools ?? []).map((t: { type: string; function: { name: string; parameters: never } }) => ({ name: t.function.name, parameters: t.function.parameters })),
  toolResult: (b) => b.messages.find((m: { role: string }) => m.role === 'tool')?.content,
});

const PROTOCOLS: Protocol[] = [
  {
    ...chatCompletions('openai'),
    label: 'OpenAI',
    model: 'gpt-4o-mini',
    providerModel: 'gpt-4o-mini',
    envHint: 'OPENAI_API_KEY',
    start: () => startModelServer({ apiKey: KEY }) as Promise<Server>,
    settings: (url) => ({ apiKey: KEY, baseUrl: url }),
    path: () => '/v1/chat/completions',
  },
  {
    ...chatCompletions('microsoft'),
    label: 'Azure OpenAI',
    // Azure models are the customer's deployments: the name is sent as `model` on the v1 API
    model: 'azure-gpt-4',
    providerModel: 'azure-gpt-4',
    envHint: 'AZURE_API_KEY and AZURE_RESOURCE_NAME (or AZURE_BASE_URL)',
    start: async () => {
      const server = await startModelServer({ apiKey: KEY, keyHeader: 'api-key' });
      return { ...server, url: server.url.replace(/\/v1$/, '/openai/v1') } as Server;
    },
    settings: (url) => ({ apiKey: KEY, baseUrl: url }),
    path: () => '/openai/v1/chat/completions',
  },
  {
    provider: 'anthropic',
    label: 'Anthropic',
    model: 'claude-3.5-sonnet',
    providerModel: 'claude-3-5-sonnet-20241022',
    envHint: 'ANTHROPIC_API_KEY',
    start: () => startAnthropicServer({ apiKey: KEY }),
    settings: (url) => ({ apiKey: KEY, baseUrl: url }),
    path: () => '/v1/messages',
    modelOf: (r) => r.body.model,
    // Anthropic has no system role: the instructions are the top-level `system`
    systemOf: (b) => (Array.isArray(b.system) ? b.system.map((p: { text: string }) => p.text).join('') : b.system),
    userTexts: (b) =>
      b.messages
        .filter((m: { role: string }) => m.role === 'user')
        .flatMap((m: { content: { type: string; text?: string }[] }) => m.content.filter((p) => p.type === 'text').map((p) => p.text!)),
    settingsOf: (b) => ({ temperature: b.temperature, maxTokens: b.max_tokens }),
    tools: (b) => (b.tools ?? []).map((t: { name: string; input_schema: never }) => ({ name: t.name, parameters: t.input_schema })),
    toolResult: (b) => {
      const block = b.messages.flatMap((m: { content: { type: string }[] }) => m.content).find((p: { type: string }) => p.type === 'tool_result');
      return block && (typeof block.content === 'string' ? block.content : JSON.stringify(block.content));
    },
  },
  {
    provider: 'google',
    label: 'Google',
    model: 'gemini-pro',
    providerModel: 'gemini-1.5-pro',
    envHint: 'GOOGLE_GENERATIVE_AI_API_KEY',
    start: () => startGeminiServer({ apiKey: KEY }),
    settings: (url) => ({ apiKey: KEY, baseUrl: url }),
    path: (stream) => `/v1beta/models/gemini-1.5-pro:${stream ? 'streamGenerateContent' : 'generateContent'}`,
    // the model id is in the URL
    modelOf: (r) => r.path.split('/').pop()!.split(':')[0],
    systemOf: (b) => b.systemInstruction?.parts.map((p: { text: string }) => p.text).join(''),
    userTexts: (b) =>
      b.contents.filter((c: { role: string }) => c.role === 'user').flatMap((c: { parts: { text?: string }[] }) => c.parts.filter((p) => typeof p.text === 'string').map((p) => p.text!)),
    settingsOf: (b) => ({ temperature: b.generationConfig.temperature, maxTokens: b.generationConfig.maxOutputTokens }),
    tools: (b) => (b.tools ?? []).flatMap((t: { functionDeclarations?: { name: string; parameters: never }[] }) => t.functionDeclarations ?? []),
    toolResult: (b) => {
      const part = b.contents.flatMap((c: { parts: { functionResponse?: unknown }[] }) => c.parts).find((p: { functionResponse?: unknown }) => p.functionResponse);
      return part && JSON.stringify(part.functionResponse);
    },
  },
];

describe.each(PROTOCOLS)('$label protocol', (protocol) => {
  let ctx: TestContext;
  let server: Server;
  let admin: SignedIn;
  const agentName = `${protocol.label} agent`;

  const putSettings = async (values: Record<string, string>) => {
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/v1/admin/credentials/provider/${protocol.provider}`, headers: admin.headers, payload: { values } });
    expect(response.statusCode).toBe(200);
  };
  const saveAgent = async (model: Record<string, unknown> = {}, tools: string[] = []) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/agent/save',
      headers: admin.headers,
      payload: {
        name: agentName,
        steps: [
          {
            name: 'Answer',
            query: '',
            system: [SYSTEM],
            tools,
            model: { provider: protocol.provider, model: protocol.model, temperature: 0.3, max_tokens: 200, max_retries: 0, timeout: 20, ...model },
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
  };
  // source 'test': failures come back as they are (no fallback answer)
  const invoke = (extra: Partial<AgentRunRequest> = {}, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/agent/invoke', headers: { ...admin.headers, ...headers }, payload: { name: agentName, query: QUESTION, source: 'test', ...extra } });
  const events = (body: string): RunEvent[] =>
    body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('data: '))
      .map((chunk) => runEventSchema.parse(JSON.parse(chunk.slice('data: '.length))));

  beforeAll(async () => {
    server = await protocol.start();
    ctx = await createTestContext();
    admin = await loginAdmin(ctx.app);
    await putSettings(protocol.settings(server.url));
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    await server.close();
  });
  beforeEach(async () => {
    server.reset();
    await saveAgent();
  });

  it('answers plainly; the request carries the provider model id, the instructions where the provider wants them and the settings', async () => {
    const response = await invoke();
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(QUESTION);
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.path).toBe(protocol.path(false));
    expect(protocol.modelOf(request)).toBe(protocol.providerModel);
    expect(protocol.systemOf(request.body)).toBe(SYSTEM);
    expect(protocol.userTexts(request.body)).toEqual([QUESTION]);
    expect(protocol.settingsOf(request.body)).toEqual({ temperature: 0.3, maxTokens: 200 });

    const run = runDetailSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${String(response.headers['x-run-id'])}`, headers: admin.headers })).json());
    expect(run.trace!.steps[0]).toMatchObject({
      provider: protocol.provider,
      provider_model: protocol.providerModel,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: QUESTION },
      ],
      settings: { temperature: 0.3, max_tokens: 200, max_retries: 0, timeout: 20, provider_model: protocol.providerModel },
    });
    expect(run.usage!.inputTokens).toBeGreaterThan(0);
  });

  it('streams an answer as deltas', async () => {
    server.reply({ text: 'Acme sells industrial robots worldwide.' });
    const response = await invoke({}, { accept: 'text/event-stream' });
    expect(response.statusCode).toBe(200);
    const received = events(response.body);
    const deltas = received.filter((e): e is Extract<RunEvent, { type: 'delta' }> => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.text).join('')).toBe('Acme sells industrial robots worldwide.');
    expect(received.at(-1)).toMatchObject({ type: 'done', output: 'Acme sells industrial robots worldwide.' });
    expect(server.requests[0].path).toBe(protocol.path(true));
    expect(protocol.userTexts(server.requests[0].body)).toEqual([QUESTION]);
  });

  it.each([false, true])('calls a tool and sends its result back (streamed: %s)', async (stream) => {
    await saveAgent({}, ['internal knowledge base search']);
    server.reply({ toolCalls: [{ name: KB_TOOL, arguments: { query: 'pricing' } }] }, { text: 'Acme sells robots.' });
    const response = await invoke({}, stream ? { accept: 'text/event-stream' } : {});
    expect(response.statusCode).toBe(200);
    expect(stream ? events(response.body).at(-1) : response.body).toEqual(stream ? expect.objectContaining({ type: 'done', output: 'Acme sells robots.' }) : 'Acme sells robots.');
    expect(server.requests).toHaveLength(2);
    const [offered] = protocol.tools(server.requests[0].body);
    expect(offered.name).toBe(KB_TOOL);
    expect(offered.parameters.properties).toHaveProperty('query');
    expect(offered.parameters.required).toEqual(['query']);
    // the follow-up request carries the tool's result (the seeded knowledge base's answer)
    expect(protocol.toolResult(server.requests[1].body)).toMatch(/results/);
    const runId = stream ? (events(response.body)[0] as { run_id: string }).run_id : String(response.headers['x-run-id']);
    const run = runDetailSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/v1/runs/${runId}`, headers: admin.headers })).json());
    expect(run.trace!.steps[0].tools).toEqual(['internal knowledge base search']);
    expect(run.trace!.steps[0].tool_calls).toMatchObject([{ tool: 'internal knowledge base search', input: { query: 'pricing' }, error: null }]);
  });

  it('says the provider rejected the key, and where to set it', async () => {
    await putSettings({ apiKey: 'sk-wrong' });
    try {
      const response = await invoke();
      expect(response.statusCode).toBe(424);
      const { detail } = response.json<{ detail: string }>();
      expect(detail).toMatch(new RegExp(`^${protocol.label} rejected the API key \\(HTTP 401: .+\\)\\. An administrator can replace it in Admin → Model providers, or set `));
      expect(detail.endsWith(`set ${protocol.envHint} on the server.`)).toBe(true);
    } finally {
      await putSettings({ apiKey: KEY });
    }
  });

  it('retries a 429 after its retry-after as the step allows (max_retries), and reports it when retries run out', async () => {
    await saveAgent({ max_retries: 2 });
    server.reply({ status: 429, error: 'Rate limit reached', headers: { 'retry-after': '1' } });
    const retried = await invoke();
    expect(retried.statusCode).toBe(200);
    expect(retried.body).toBe(QUESTION);
    expect(server.requests).toHaveLength(2);

    server.reset();
    await saveAgent({ max_retries: 1 });
    server.reply(...Array.from({ length: 2 }, () => ({ status: 429, error: 'Rate limit reached', headers: { 'retry-after': '0' } })));
    const exhausted = await invoke();
    expect(server.requests).toHaveLength(2);
    expect(exhausted.statusCode).toBe(502);
    expect(exhausted.json<{ detail: string }>().detail).toMatch(new RegExp(`^${protocol.label} request failed: .*Rate limit reached`));
  });

  it('reports a 500 with the provider\'s message after its retries', async () => {
    await saveAgent({ max_retries: 1 });
    server.reply({ status: 500, error: 'The server had an error', headers: { 'retry-after': '0' } }, { status: 500, error: 'The server had an error', headers: { 'retry-after': '0' } });
    const response = await invoke();
    expect(server.requests).toHaveLength(2);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: expect.stringMatching(new RegExp(`^${protocol.label} request failed: .*The server had an error`)) });
  });

  it('gives up after the step timeout', async () => {
    await saveAgent({ timeout: 1 });
    server.reply({ text: 'too late', delayMs: 5000 });
    const response = await invoke();
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ detail: `${protocol.label} request timed out after 1 second.` });
  });
});
