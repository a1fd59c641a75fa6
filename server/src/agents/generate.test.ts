// Generate with AI against the local model server: a scripted structured answer becomes a draft that
// validates as a saved agent (nothing saved), a wrong answer and a missing provider get clear errors.
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { agentSaveRequestSchema } from '@accent/agents-common';
import { type ModelServer } from '../testing/model-server.js';
import { useModelApp } from '../testing/model-app.js';
import { loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';

jest.setTimeout(40_000);

describe('POST /api/v1/agent/generate', () => {
  let ctx: TestContext;
  let model: ModelServer;
  let admin: SignedIn;

  useModelApp((started) => ({ ctx, model, admin } = started));
  beforeEach(() => model.reset());

  const generate = (payload: Record<string, unknown>, who: SignedIn = admin) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/agent/generate', headers: who.headers, payload });
  const listed = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: admin.headers })).json<{ agents: { name: string }[] }>().agents.map((a) => a.name);

  it('drafts an agent as structured output, validated like a save, and saves nothing', async () => {
    const before = await listed();
    const res = await generate({ description: 'find competitor pricing pages and compare plans' });
    expect(res.statusCode).toBe(200);
    const { agent } = res.json<{ agent: Record<string, unknown> }>();
    expect(agentSaveRequestSchema.safeParse(agent).success).toBe(true);
    expect(agent).toMatchObject({ name: 'Find competitor pricing pages Agent', category: 'Research', params: { topic: '' }, tools: ['Google Search'] });
    expect((agent.steps as { query: string }[])[0]!.query).toContain('find competitor pricing pages');
    // the model was asked for the agent schema by name, with the description as the prompt
    const [request] = model.requests;
    expect(request!.body.model).toBe('gpt-4');
    expect((request!.body.response_format as { json_schema: { name: string; strict: boolean } }).json_schema).toMatchObject({ name: 'agent_draft', strict: false });
    expect(JSON.stringify(request!.body.messages)).toContain('find competitor pricing pages');
    expect(await listed()).toEqual(before);
  });

  it('drops suggested tools that are not in the catalogue', async () => {
    model.reply({ text: JSON.stringify({ name: 'Mailer', steps: [{ name: 'Send', query: 'Send it', tools: ['SendGrid', 'Teleporter'] }], tools: ['Teleporter', 'SendGrid'] }) });
    const res = await generate({ description: 'send mail' });
    expect(res.statusCode).toBe(200);
    const { agent } = res.json<{ agent: { tools: string[]; steps: { tools: string[] }[] } }>();
    expect(agent.tools).toEqual(['SendGrid']);
    expect(agent.steps[0]!.tools).toEqual(['SendGrid']);
  });

  it('gives steps without a model the model that drafted them, and keeps a model the answer chose', async () => {
    model.reply({ text: JSON.stringify({ name: 'Two', steps: [{ name: 'A', query: 'a' }, { name: 'B', query: 'b', model: { provider: 'openai', model: 'gpt-4o' } }] }) });
    const res = await generate({ description: 'two steps', provider: 'openai', model: 'gpt-4.1-mini' });
    const { agent } = res.json<{ agent: { steps: { model: { provider: string; model: string } }[] } }>();
    expect(agent.steps.map((s) => `${s.model.provider}:${s.model.model}`)).toEqual(['openai:gpt-4.1-mini', 'openai:gpt-4o']);
  });

  it('answers 422 naming the problem when the answer does not fit the agent schema', async () => {
    model.reply({ text: JSON.stringify({ name: 'Bad/Name', steps: [] }) }, { text: JSON.stringify({ name: 'Bad/Name', steps: [] }) });
    const res = await generate({ description: 'anything' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toBe("The model's answer is not a valid agent: name: Agent name cannot contain slashes. Try again, or describe the agent differently.");
  });

  it('answers 422 when the answer is not JSON at all', async () => {
    model.reply({ text: 'Sure! Here is an agent.' }, { text: 'Sure! Here is an agent.' });
    const res = await generate({ description: 'anything' });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: string }>().detail).toMatch(/^The model's answer is not a valid agent: its answer is not JSON\./);
  });

  it('answers 424 with the runtime message when the provider has no key', async () => {
    const res = await generate({ description: 'anything', provider: 'anthropic', model: 'claude-3-haiku' });
    expect(res.statusCode).toBe(424);
    expect(res.json<{ detail: string }>().detail).toBe('No API key for Anthropic. An administrator can add one in Admin → Model providers, or set ANTHROPIC_API_KEY on the server.');
    expect(model.requests).toHaveLength(0);
  });

  it('validates the request and the role', async () => {
    const empty = await generate({ description: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ detail: string }>().detail).toContain('Describe the agent you need');
    const unknown = await generate({ description: 'x', provider: 'acme' });
    expect(unknown.statusCode).toBe(400);
    const member = await loginMember(ctx.app);
    expect((await generate({ description: 'x' }, member)).statusCode).toBe(403);
  });
});
