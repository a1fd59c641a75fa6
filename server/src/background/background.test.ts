// Background agents through the data gateway (REAL supabase-js over HTTP, real in-memory PGlite with the
// migrations): the stored form of migration 008, its row-level security and the read-only runs.
import { describe, expect, it, jest } from '@jest/globals';
import { backgroundAgentToRow, backgroundConfigFromRow, newBackgroundAgent, type BackgroundAgentConfig } from '@accent/background-common';
import { sql } from 'kysely';
import { expectRlsRefused, useGatewayTestbed, type GatewayTestbed } from '../testing/gateway-testbed.js';
import type { SignedIn } from '../testing/test-app.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
// typed by the testbed, assigned when it has started
let { ctx, admin, member, builder, otherBuilder, client, expectOnlyAdminSees } = {} as GatewayTestbed;
useGatewayTestbed((started) => ({ ctx, admin, member, builder, otherBuilder, client, expectOnlyAdminSees } = started), {
  builderEmail: 'bg-builder@accent.local',
  otherBuilderEmail: 'bg-other@accent.local',
});

const config = (fields: Partial<BackgroundAgentConfig> = {}): BackgroundAgentConfig => ({
  ...newBackgroundAgent(),
  name: 'Deal watcher',
  category: 'CRM Monitoring',
  description: 'Watches stalled deals',
  systemPrompt: 'You watch deals.',
  dataSources: ['salesforce', 'gmail'],
  deliveryChannels: ['email', 'slack'],
  ...fields,
});

/** An agent written as the table owner (what the server itself does). */
async function insertAgent(owner: SignedIn, name = 'Owner-written'): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into public.background_agents (name, category, config, library_id, owner_id)
    values (${name}, 'Sales Analytics', ${JSON.stringify(config({ name }))}::jsonb, ${owner.body.library_id}::uuid, ${owner.body.user_id}::uuid)
    returning id`.execute(ctx.database.db);
  return rows[0].id;
}

describe('background_agents through the gateway (supabase-js)', () => {
  it('a builder inserts, lists, updates and deletes agents in the stored form', async () => {
    const db = client(builder.token);
    const draft = config();
    const inserted = await db.from('background_agents').insert(backgroundAgentToRow(draft, 'draft')).select().single();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    const row = inserted.data as Row;
    expect(row).toMatchObject({
      name: 'Deal watcher',
      icon: '🤖',
      category: 'CRM Monitoring',
      status: 'draft',
      library_id: builder.body.library_id,
      owner_id: builder.body.user_id,
      config: { ...draft, status: 'draft' },
    });
    expect(typeof row.id).toBe('string');
    expect(backgroundConfigFromRow(row as never)).toEqual({ ...draft, status: 'draft' });

    const list = await db.from('background_agents').select('id, name, icon, description, category, status').order('updated_at', { ascending: false });
    expect(list.error).toBeNull();
    expect((list.data as Row[]).map((r) => r.id)).toContain(row.id);

    const search = await db.from('background_agents').select('id').or('name.ilike.*watcher*,description.ilike.*watcher*,category.ilike.*watcher*');
    expect((search.data as Row[]).map((r) => r.id)).toEqual([row.id]);

    await new Promise((r) => setTimeout(r, 5));
    const published = await db.from('background_agents').update(backgroundAgentToRow(config({ name: 'Deal watcher v2' }), 'active')).eq('id', row.id as string).select().single();
    expect(published.error).toBeNull();
    expect(published.data).toMatchObject({ name: 'Deal watcher v2', status: 'active', created_at: row.created_at });
    expect(Date.parse((published.data as Row).updated_at as string)).toBeGreaterThan(Date.parse(row.updated_at as string));

    const paused = await db.from('background_agents').update({ status: 'paused' }).eq('id', row.id as string).select('status').single();
    expect(paused.data).toEqual({ status: 'paused' });
    const invalid = await db.from('background_agents').update({ status: 'running' }).eq('id', row.id as string);
    expect(invalid.error).toMatchObject({ code: '23514' });

    const deleted = await db.from('background_agents').delete().eq('id', row.id as string);
    expect(deleted.error).toBeNull();
    expect(deleted.status).toBe(204);
    expect((await db.from('background_agents').select('id').eq('id', row.id as string)).data).toEqual([]);
  });

  it('members cannot write agents; other libraries and other builders cannot see them; admins see the library', async () => {
    const own = await insertAgent(builder);
    expectRlsRefused(await client(member.token).from('background_agents').insert(backgroundAgentToRow(config(), 'draft')));
    await expectOnlyAdminSees('background_agents', own);

    // another library's builder cannot write into this library
    const foreign = await client(otherBuilder.token).from('background_agents').insert({ ...backgroundAgentToRow(config(), 'draft'), library_id: builder.body.library_id });
    expect(foreign.error).toMatchObject({ code: '42501' });

    // a member's update and another library's delete find nothing to change
    await client(member.token).from('background_agents').update({ name: 'hijacked' }).eq('id', own);
    await client(otherBuilder.token).from('background_agents').delete().eq('id', own);
    const { rows } = await sql<{ name: string }>`select name from public.background_agents where id = ${own}`.execute(ctx.database.db);
    expect(rows).toEqual([{ name: 'Owner-written' }]);
  });

  it('runs are read-only and visible exactly when their agent is', async () => {
    const own = await insertAgent(builder, 'With runs');
    await sql`
      insert into public.background_runs (agent_id, library_id, owner_id, trigger, status, output, format)
      values (${own}, ${builder.body.library_id}::uuid, ${builder.body.user_id}::uuid, 'manual', 'succeeded', '# Report', 'markdown')`.execute(ctx.database.db);

    const seen = await client(builder.token).from('background_runs').select('agent_id, trigger, status, output, format, deliveries').eq('agent_id', own);
    expect(seen.error).toBeNull();
    expect(seen.data).toEqual([{ agent_id: own, trigger: 'manual', status: 'succeeded', output: '# Report', format: 'markdown', deliveries: [] }]);
    expect((await client(admin.token).from('background_runs').select('agent_id').eq('agent_id', own)).data).toHaveLength(1);
    expect((await client(member.token).from('background_runs').select('agent_id').eq('agent_id', own)).data).toEqual([]);
    expect((await client(otherBuilder.token).from('background_runs').select('agent_id').eq('agent_id', own)).data).toEqual([]);

    const write = await client(builder.token).from('background_runs').insert({ agent_id: own, trigger: 'test' });
    expect(write.status).toBe(403);
    expect(write.error).toMatchObject({ code: '42501' });

    // deleting the agent deletes its runs
    expect((await client(builder.token).from('background_agents').delete().eq('id', own)).error).toBeNull();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from public.background_runs where agent_id = ${own}`.execute(ctx.database.db);
    expect(rows[0].n).toBe(0);
  });
});
