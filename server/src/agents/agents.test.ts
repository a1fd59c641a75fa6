import { describe, expect, it } from '@jest/globals';
import { agentConfigResponseSchema, agentListResponseSchema, demoAgentsResponseSchema, type AgentSaveRequest } from '@accent/agents-common';
import { DEMO_CREDENTIALS } from '../db/seed.js';
import { useTestApp } from '../testing/model-app.js';
import { createUser, login, type SignedIn, type TestContext } from '../testing/test-app.js';

const { environment, library } = DEMO_CREDENTIALS;

const agent = (name: string, extra: Partial<AgentSaveRequest> = {}): AgentSaveRequest => ({
  name,
  description: `${name} description`,
  query: 'Summarise {topic}',
  params: { topic: 'pricing' },
  flow_type: 'dynamic',
  steps: [{ name: 'Summarise', query: '{topic}', system: ['Be brief.'], model: { provider: 'openai', model: 'gpt-4o', temperature: 0.5 }, tools: ['Google Search'] }],
  ...extra,
});

describe('agent API', () => {
  let ctx: TestContext;
  let admin: SignedIn;
  let member: SignedIn;
  useTestApp((started) => ({ ctx, admin, member } = started), ['admin', 'member']);

  const as = (who: SignedIn | null) => ({
    list: () => ctx.app.inject({ method: 'GET', url: '/api/v1/agent/list', headers: who?.headers }),
    config: (name: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/multi-agent/agent-config', query: { name }, headers: who?.headers }),
    save: (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', payload: payload as object, headers: who?.headers }),
    remove: (name: string) => ctx.app.inject({ method: 'DELETE', url: '/api/v1/agent', query: { name }, headers: who?.headers }),
    versions: (name: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/agent/versions', query: { name }, headers: who?.headers }),
    version: (name: string, version: string) => ctx.app.inject({ method: 'GET', url: '/api/v1/agent/version', query: { name, version }, headers: who?.headers }),
    restore: (name: string, version: number) => ctx.app.inject({ method: 'POST', url: '/api/v1/agent/restore', payload: { name, version }, headers: who?.headers }),
  });

  describe('demo agents', () => {
    it('serves the presentation-mode demo agents with a category by keyword and their configuration', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/demo', headers: member.headers });
      expect(response.statusCode).toBe(200);
      const body = demoAgentsResponseSchema.parse(response.json());
      expect(body.agents.map((a) => [a.name, a.category])).toEqual([
        ['Campaign Copywriter', 'Marketing'],
        ['Pipeline Forecaster', 'Sales'],
        ['Competitive Intel Analyst', 'Research'],
        ['Customer Onboarding Guide', 'Support'],
      ]);
      expect(body.agents.every((a) => a.demo && a.config.name === a.name && a.config.steps.length > 0)).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/agent/demo' })).statusCode).toBe(401);
    });
  });

  describe('list', () => {
    it("lists the library's agents by name with the spec's fields", async () => {
      const response = await as(admin).list();
      expect(response.statusCode).toBe(200);
      const body = agentListResponseSchema.parse(response.json());
      expect(body.status).toBe('success');
      const starters = body.agents.filter((a) => ['Lead Qualifier', 'Market Researcher', 'Support Assistant'].includes(a.name));
      expect(starters.map((a) => a.name)).toEqual(['Lead Qualifier', 'Market Researcher', 'Support Assistant']);
      for (const item of starters) {
        expect(item.title).toBe(item.name);
        expect(item.description.length).toBeGreaterThan(0);
        expect(Number.isInteger(item.size) && item.size >= 1).toBe(true);
        expect(new Date(item.lastModDate).toISOString()).toBe(item.lastModDate);
        expect(new Date(item.importDate).toISOString()).toBe(item.importDate);
      }
      const names = body.agents.map((a) => a.name);
      expect(names).toEqual([...names].sort());
    });

    it('marks agents whose steps use a provider the library has no key for, and never shows a key', async () => {
      const steps = (...providers: string[]) =>
        providers.map((provider, i) => ({ name: `Step ${i}`, query: '{topic}', system: [], model: { provider, model: provider === 'anthropic' ? 'claude-3-haiku' : 'gpt-4o', temperature: 0.5 }, tools: [] }));
      expect((await as(admin).save(agent('Two Providers', { steps: steps('openai', 'anthropic', 'openai') }))).statusCode).toBe(200);
      const listed = async () => agentListResponseSchema.parse((await as(member).list()).json()).agents.find((a) => a.name === 'Two Providers')!;
      // no key anywhere: the runtime would refuse both
      expect((await listed()).missingProviders?.sort()).toEqual(['anthropic', 'openai']);

      const key = 'sk-ant-picker-0123456789abcdef';
      const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/provider/anthropic', payload: { values: { apiKey: key } }, headers: admin.headers });
      expect(put.statusCode).toBe(200);
      expect((await listed()).missingProviders).toEqual(['openai']);
      const putOpenai = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/credentials/provider/openai', payload: { values: { apiKey: 'sk-openai-picker-0123456789' } }, headers: admin.headers });
      expect(putOpenai.statusCode).toBe(200);
      const ready = await as(member).list();
      expect(agentListResponseSchema.parse(ready.json()).agents.find((a) => a.name === 'Two Providers')!.missingProviders).toBeUndefined();
      expect(ready.body).not.toContain(key);
      for (const provider of ['anthropic', 'openai']) await ctx.app.inject({ method: 'DELETE', url: `/api/v1/admin/credentials/provider/${provider}`, headers: admin.headers });
      await as(admin).remove('Two Providers');
    });

    it('needs a signed-in user', async () => {
      const response = await as(null).list();
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not signed in' });
    });
  });

  describe('save, config, delete', () => {
    it('creates an agent, returns its config with defaults filled, lists it and deletes it', async () => {
      const saved = await as(admin).save(agent('Proposal Writer', { category: 'Sales', avatar: '💼', status: 'Draft' }));
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ status: 'success', name: 'Proposal Writer', version: 1 });

      const config = await as(admin).config('Proposal Writer');
      expect(config.statusCode).toBe(200);
      const body = agentConfigResponseSchema.parse(config.json());
      expect(body).toMatchObject({ name: 'Proposal Writer', version: 1, description: 'Proposal Writer description', category: 'Sales', avatar: '💼', status: 'Draft', params: { topic: 'pricing' } });
      // defaults of the save schema were stored
      expect(body.steps[0].model).toMatchObject({ provider: 'openai', model: 'gpt-4o', temperature: 0.5, max_retries: 3, timeout: 30, enable_context_helper: true });
      expect(body).toMatchObject({ use_history: true, save_history: true, max_history_items: 10, namespace: 'default' });

      const list = agentListResponseSchema.parse((await as(admin).list()).json());
      expect(list.agents.find((a) => a.name === 'Proposal Writer')).toMatchObject({ description: 'Proposal Writer description', size: 1 });

      const removed = await as(admin).remove('Proposal Writer');
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ status: 'success' });
      expect((await as(admin).config('Proposal Writer')).json()).toEqual({ detail: 'Agent "Proposal Writer" not found' });
      const again = await as(admin).remove('Proposal Writer');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Agent "Proposal Writer" not found' });
    });

    it('reports the size of large configurations in KB, rounded up', async () => {
      await as(admin).save(agent('Big Agent', { query: 'x'.repeat(5000) }));
      const list = agentListResponseSchema.parse((await as(admin).list()).json());
      expect(list.agents.find((a) => a.name === 'Big Agent')!.size).toBe(6);
    });

    it('answers 404 for an unknown agent', async () => {
      const response = await as(admin).config('Nobody');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Agent "Nobody" not found' });
    });
  });

  describe('versions', () => {
    it('every save is a version; restore saves an old version as the newest', async () => {
      expect((await as(admin).save(agent('Versioned', { description: 'first' }))).json()).toMatchObject({ version: 1 });
      expect((await as(admin).save(agent('Versioned', { description: 'second' }))).json()).toMatchObject({ version: 2 });
      expect((await as(admin).save(agent('Versioned', { description: 'third' }))).json()).toMatchObject({ version: 3 });

      const versions = await as(admin).versions('Versioned');
      expect(versions.statusCode).toBe(200);
      const list = versions.json<{ versions: { version: number; created_at: string; created_by: string }[] }>().versions;
      expect(list.map((v) => v.version)).toEqual([3, 2, 1]);
      expect(list[0].created_by).toBe(DEMO_CREDENTIALS.admin.email);
      expect(new Date(list[0].created_at).toISOString()).toBe(list[0].created_at);

      const first = await as(admin).version('Versioned', '1');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ name: 'Versioned', description: 'first', version: 1 });

      const restored = await as(admin).restore('Versioned', 1);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toEqual({ status: 'success', name: 'Versioned', version: 4 });
      expect((await as(admin).config('Versioned')).json()).toMatchObject({ description: 'first', version: 4 });
      expect(((await as(admin).versions('Versioned')).json() as { versions: unknown[] }).versions).toHaveLength(4);
    });

    it('answers 404 for an unknown version or agent, 400 for a bad version number', async () => {
      await as(admin).save(agent('Single'));
      expect((await as(admin).version('Single', '9')).json()).toEqual({ detail: 'Version 9 of agent "Single" not found' });
      expect((await as(admin).restore('Single', 9)).statusCode).toBe(404);
      expect((await as(admin).versions('Nobody')).json()).toEqual({ detail: 'Agent "Nobody" not found' });
      const bad = await as(admin).version('Single', 'abc');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: 'version: Version must be a number' });
      expect((await as(admin).version('Single', '0')).json()).toEqual({ detail: 'version: Version must be at least 1' });
    });
  });

  describe('roles', () => {
    it('a member can read agents but not save, delete or restore them', async () => {
      expect((await as(member).list()).statusCode).toBe(200);
      expect((await as(member).config('Lead Qualifier')).statusCode).toBe(200);
      expect((await as(member).versions('Lead Qualifier')).statusCode).toBe(200);

      const forbidden = { detail: 'Your role does not allow changing agents' };
      const save = await as(member).save(agent('Member Agent'));
      expect(save.statusCode).toBe(403);
      expect(save.json()).toEqual(forbidden);
      const remove = await as(member).remove('Lead Qualifier');
      expect(remove.statusCode).toBe(403);
      expect(remove.json()).toEqual(forbidden);
      const restore = await as(member).restore('Lead Qualifier', 1);
      expect(restore.statusCode).toBe(403);

      expect((await as(admin).config('Member Agent')).statusCode).toBe(404);
      expect((await as(admin).config('Lead Qualifier')).statusCode).toBe(200);
    });

    it('a builder can save and delete', async () => {
      await createUser(ctx.database, { environment, library, email: 'builder@accent.local', password: 'builder-password', role: 'builder' });
      const builder = await login(ctx.app, { email: 'builder@accent.local', password: 'builder-password' });
      expect((await as(builder).save(agent('Builder Agent'))).statusCode).toBe(200);
      expect((await as(builder).remove('Builder Agent')).statusCode).toBe(200);
    });
  });

  describe('library isolation', () => {
    it('agents of another library are invisible, and names only need to be unique per library', async () => {
      await createUser(ctx.database, { environment, library: 'marketing1', email: 'marketer@accent.local', password: 'marketer-password', role: 'admin' });
      const marketer = await login(ctx.app, { email: 'marketer@accent.local', password: 'marketer-password', library: 'marketing1' });
      expect(marketer.body.library_id).not.toBe(admin.body.library_id);

      expect((await as(marketer).save(agent('Campaign Planner'))).statusCode).toBe(200);
      expect((await as(marketer).save(agent('Lead Qualifier', { description: 'marketing copy' }))).json()).toMatchObject({ version: 1 });

      const adminList = agentListResponseSchema.parse((await as(admin).list()).json());
      expect(adminList.agents.map((a) => a.name)).not.toContain('Campaign Planner');
      expect((await as(admin).config('Campaign Planner')).statusCode).toBe(404);
      expect((await as(admin).remove('Campaign Planner')).statusCode).toBe(404);
      expect((await as(admin).config('Lead Qualifier')).json()).not.toMatchObject({ description: 'marketing copy' });

      const marketerList = agentListResponseSchema.parse((await as(marketer).list()).json());
      expect(marketerList.agents.map((a) => a.name)).toEqual(['Campaign Planner', 'Lead Qualifier']);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a missing name', { description: 'no name' }, 'name: Agent name is required'],
      ['an empty name', { name: '   ' }, 'name: Agent name is required'],
      ['a name of the wrong type', { name: 42 }, 'name: Agent name is required'],
      ['steps of the wrong type', { name: 'Typed', steps: 'one step' }, 'steps: Invalid input: expected array, received string'],
      ['use_history of the wrong type', { name: 'Typed', use_history: 'yes' }, 'use_history: Invalid input: expected boolean, received string'],
      ['a temperature out of range', agent('Hot', { steps: [{ model: { temperature: 2.5 } }] }), 'steps.0.model.temperature: Temperature must be between 0 and 2'],
      ['max retries out of range', agent('Retry', { steps: [{ model: { max_retries: 11 } }] }), 'steps.0.model.max_retries: Max retries must be between 0 and 10'],
      ['an unknown flow type', { name: 'Flow', flow_type: 'parallel' }, 'flow_type: flow_type must be dynamic or supervisor'],
    ])('answers 400 with a readable detail for %s', async (_case, payload, detail) => {
      const response = await as(admin).save(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    });

    it('answers 400 for a missing query parameter', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/multi-agent/agent-config', headers: admin.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'name: Agent name is required' });
    });

    it('answers 400 for malformed JSON and for a missing body', async () => {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/agent/save',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"name": "Broken",',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ detail: 'Request body is not valid JSON' });

      const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: admin.headers });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ detail: 'Request body is required' });
      const empty = await ctx.app.inject({ method: 'POST', url: '/api/v1/agent/save', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '' });
      expect(empty.json()).toEqual({ detail: 'Request body is required' });
    });

    it('answers 413 for a body over 1 MB', async () => {
      const response = await as(admin).save(agent('Huge', { query: 'x'.repeat(1024 * 1024) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ detail: 'Request body is too large (limit 1 MB)' });
      expect((await as(admin).config('Huge')).statusCode).toBe(404);
    });
  });

  describe('atomic saves', () => {
    const stored = async (name: string) =>
      ctx.database.db
        .selectFrom('agents')
        .select(['id', 'config', 'current_version'])
        .where('library_id', '=', admin.body.library_id)
        .where('name', '=', name)
        .executeTakeFirst();

    it('an invalid save leaves the stored agent untouched', async () => {
      await as(admin).save(agent('Stable', { description: 'good' }));
      const before = await stored('Stable');
      const response = await as(admin).save(agent('Stable', { description: 'bad', steps: [{ model: { temperature: 9 } }] }));
      expect(response.statusCode).toBe(400);
      expect(await stored('Stable')).toEqual(before);
    });

    it('a save that fails half-way writes neither the agent nor its version', async () => {
      await as(admin).save(agent('Fragile', { description: 'v1' }));
      const before = (await stored('Fragile'))!;
      // Occupy the version number the next save will use, so its second statement fails.
      await ctx.database.db
        .insertInto('agent_versions')
        .values({ agent_id: before.id, version: before.current_version + 1, config: JSON.stringify(before.config), created_by: null })
        .execute();

      const response = await as(admin).save(agent('Fragile', { description: 'v2' }));
      // a unique violation is answered as a conflict by the one error handler, never a 5xx
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: 'Something with this agent_id, version already exists' });

      const after = (await stored('Fragile'))!;
      expect(after.current_version).toBe(before.current_version);
      expect(after.config).toEqual(before.config);
      expect((await as(admin).config('Fragile')).json()).toMatchObject({ description: 'v1', version: 1 });
    });
  });
});
