// API helpers for the runtime and admin suites: an admin token, the OpenAI key (the app server starts
// without one; the local model server accepts any), agents saved through the API, and the recorded runs.
// The local model server (e2e/support/model-server.mjs) echoes the last user message, so a step's answer
// is its prompt with the parameters filled in.
import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs, type TestInfo } from '@playwright/test';
import { apiLogin, type Who } from './app.js';

/** The key the runtime tests store for OpenAI (any value works with the local model server). */
export const RUNTIME_OPENAI_KEY = 'sk-e2e-runtime-key-0001';

export type Headers = Record<string, string>;

export async function authHeaders(request: APIRequestContext, who: Who = 'admin'): Promise<Headers> {
  const { token } = await apiLogin(request, who);
  return { Authorization: `Bearer ${token}` };
}

/** PUT /api/v1/admin/credentials/provider/openai: stores the library's OpenAI key. */
export async function setOpenAiKey(request: APIRequestContext, headers: Headers, apiKey = RUNTIME_OPENAI_KEY): Promise<void> {
  const res = await request.put('/api/v1/admin/credentials/provider/openai', { headers, data: { values: { apiKey } } });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ kind: 'provider', key: 'openai', configured: true, source: 'library' });
}

/** Runs `use` with a request context of its own on the app (for a file's beforeAll/afterAll), disposed after. */
export async function withRequest<T>(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo, use: (request: APIRequestContext) => Promise<T>): Promise<T> {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    return await use(request);
  } finally {
    await request.dispose();
  }
}

/** The app server starts without an OpenAI key: store one as an admin before the file's tests. */
export function useOpenAiKey(): void {
  test.beforeAll(({ playwright }, testInfo) => withRequest(playwright, testInfo, async (request) => setOpenAiKey(request, await authHeaders(request, 'admin'))));
}

export interface StepInput {
  name?: string;
  /** the step's prompt; empty: the run's query */
  query?: string;
  provider?: string;
  model?: string;
  /** catalogue names of the step's tools */
  tools?: string[];
}

export interface AgentInput {
  name: string;
  description?: string;
  query?: string;
  params?: Record<string, string>;
  steps: StepInput[];
  chatbot?: boolean;
}

/** POST /api/v1/agent/save with the spec's body (spec 01 §7). */
export async function saveAgent(request: APIRequestContext, headers: Headers, agent: AgentInput): Promise<void> {
  const res = await request.post('/api/v1/agent/save', {
    headers,
    data: {
      name: agent.name,
      description: agent.description ?? `End-to-end runtime agent ${agent.name}`,
      query: agent.query ?? '',
      params: agent.params ?? {},
      flow_type: 'dynamic',
      steps: agent.steps.map((s, i) => ({
        name: s.name ?? `Step ${i + 1}`,
        query: s.query ?? '',
        system: [],
        model: { provider: s.provider ?? 'openai', model: s.model ?? 'gpt-4o-mini', temperature: 0.2, max_retries: 0, timeout: 30, max_tokens: 0 },
        tools: s.tools ?? [],
        include_in_output: true,
      })),
      file_name: agent.name,
      trace: false,
      thread_id: '',
      namespace: 'default',
      use_history: true,
      save_history: true,
      max_history_items: 10,
      inputs: [],
      category: 'Support',
      ...(agent.chatbot === undefined ? {} : { chatbot: agent.chatbot }),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * POST /api/v1/agent/save of an agent with one step that answers the query with the knowledge base search
 * (the local model server's knowledge-reader); `agent` carries the rest of the body (access, collections).
 */
export async function saveKnowledgeAgent(request: APIRequestContext, headers: Headers, agent: { name: string; description: string } & Record<string, unknown>): Promise<void> {
  const saved = await request.post('/api/v1/agent/save', {
    headers,
    data: {
      ...agent,
      steps: [
        {
          name: 'Answer',
          query: '{{query}}',
          model: { provider: 'openai', model: 'knowledge-reader', temperature: 0, max_retries: 0, timeout: 30, max_tokens: 0 },
          tools: ['internal knowledge base search'],
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

export interface RunSummary {
  id: string;
  agent_name: string;
  thread_id: string;
  source: string;
  status: string;
  error: string | null;
  input: { query: string; params: Record<string, string> };
  output: string | null;
}

export interface RunDetail extends RunSummary {
  trace: {
    steps: { name: string; provider: string; model: string; prompt: string; history_messages: number; output: string; tool_calls: { tool: string; input: unknown; output: unknown; error: string | null }[] }[];
    thread_key: string;
  } | null;
}

/** GET /api/v1/agent/runs?name=: newest first. */
export async function listRuns(request: APIRequestContext, headers: Headers, name: string): Promise<RunSummary[]> {
  const res = await request.get(`/api/v1/agent/runs?name=${encodeURIComponent(name)}&limit=100`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).runs;
}

export async function getRun(request: APIRequestContext, headers: Headers, id: string): Promise<RunDetail> {
  const res = await request.get(`/api/v1/runs/${id}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export const editorPath = (name: string) => `/agents/edit/${encodeURIComponent(name)}`;
