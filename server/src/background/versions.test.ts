// Background agent versions on a real in-memory PGlite: every save through the gateway (supabase-js) that
// changes an agent is a version with who and when; run bookkeeping is not; restore saves a new version;
// the background_agent_versions RLS of 027 follows the agent's own visibility.
import { describe, expect, it, jest } from '@jest/globals';
import { backgroundAgentToRow, newBackgroundAgent, type BackgroundAgentConfig, type BackgroundAgentVersion } from '@accent/background-common';
import { useGatewayTestbed, type GatewayTestbed } from '../testing/gateway-testbed.js';
import type { SignedIn } from '../testing/test-app.js';
import { withBackgroundTables } from './tables.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
// typed by the testbed, assigned when it has started
let { ctx, admin, member, builder, otherBuilder, client, inject, versionsAt } = {} as GatewayTestbed;
useGatewayTestbed((started) => ({ ctx, admin, member, builder, otherBuilder, client, inject, versionsAt } = started), {
  builderEmail: 'bv-builder@accent.local',
  otherBuilderEmail: 'bv-other@accent.local',
});

const config = (fields: Partial<BackgroundAgentConfig> = {}): BackgroundAgentConfig => ({
  ...newBackgroundAgent(),
  name: 'Deal watcher',
  category: 'CRM Monitoring',
  description: 'Watches stalled deals',
  systemPrompt: 'You watch deals.\nFlag the stalled ones.',
  ...fields,
});

const versionsOf = (id: string) => versionsAt<BackgroundAgentVersion>(`/api/v1/background-agents/${id}/versions`);

async function newAgent(): Promise<string> {
  const made = await client(builder.token).from('background_agents').insert(backgroundAgentToRow(config(), 'draft')).select('id').single();
  expect(made.error).toBeNull();
  return (made.data as Row).id as string;
}

describe('background agent versions', () => {
  it('every save that changes the agent is a version with who and when; run bookkeeping is not', async () => {
    const id = await newAgent();
    const db = client(builder.token);
    await db.from('background_agents').update(backgroundAgentToRow(config({ systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.' }), 'draft')).eq('id', id);
    // a save that changes nothing, and the runner's counters, are not versions
    await db.from('background_agents').update(backgroundAgentToRow(config({ systemPrompt: 'You watch deals.\nFlag deals idle for 30 days.' }), 'draft')).eq('id', id);
    await withBackgroundTables(ctx.database.db).updateTable('background_agents').set({ run_count: 3, last_run_at: new Date() }).where('id', '=', id).execute();

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.note, v.created_by])).toEqual([
      [2, null, 'bv-builder@accent.local'],
      [1, null, 'bv-builder@accent.local'],
    ]);
    expect((versions[0]!.config as BackgroundAgentConfig).systemPrompt).toBe('You watch deals.\nFlag deals idle for 30 days.');
    expect((versions[1]!.config as BackgroundAgentConfig).systemPrompt).toBe('You watch deals.\nFlag the stalled ones.');
    expect(Number.isNaN(Date.parse(versions[0]!.created_at))).toBe(false);
  });

  it('restore saves the version over the agent (keeping its status) as a new version; history stays', async () => {
    const id = await newAgent();
    const db = client(builder.token);
    await db.from('background_agents').update(backgroundAgentToRow(config({ name: 'Deal watcher 2', systemPrompt: 'Broken' }), 'active')).eq('id', id);

    const restored = await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, builder);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ number: 3, restored: 1 });
    const row = await db.from('background_agents').select('name, status, config').eq('id', id).single();
    expect(row.data).toMatchObject({ name: 'Deal watcher', status: 'active' });
    expect((row.data as { config: BackgroundAgentConfig }).config.systemPrompt).toBe('You watch deals.\nFlag the stalled ones.');

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.note, v.name])).toEqual([
      [3, 'Restored from version 1', 'Deal watcher'],
      [2, null, 'Deal watcher 2'],
      [1, null, 'Deal watcher'],
    ]);
    expect(versions[0]!.created_by).toBe('bv-builder@accent.local');
    // the note does not leak into the next save
    await db.from('background_agents').update({ description: 'Later' }).eq('id', id);
    expect((await versionsOf(id))[0]).toMatchObject({ number: 4, note: null });

    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/99/restore`, builder)).statusCode).toBe(404);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/x/restore`, builder)).statusCode).toBe(400);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, member)).statusCode).toBe(403);
    expect((await inject('POST', `/api/v1/background-agents/${id}/versions/1/restore`, otherBuilder)).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/background-agents/${id}/versions`, otherBuilder)).statusCode).toBe(404);
  });

  it('background_agent_versions through the gateway: read like the agent, written by nobody', async () => {
    const id = await newAgent();
    const read = async (who: SignedIn) => ((await client(who.token).from('background_agent_versions').select('agent_id, number').eq('agent_id', id)).data ?? []) as Row[];
    expect(await read(builder)).toEqual([{ agent_id: id, number: 1 }]);
    expect(await read(admin)).toEqual([{ agent_id: id, number: 1 }]);
    expect(await read(member)).toEqual([]);
    expect(await read(otherBuilder)).toEqual([]);
    const forged = await client(builder.token).from('background_agent_versions').insert({ agent_id: id, number: 5, name: 'x', icon: 'x', description: '', category: '', status: 'draft', config: {} });
    expect(forged.error).not.toBeNull();
    expect(await read(builder)).toEqual([{ agent_id: id, number: 1 }]);
  });
});
