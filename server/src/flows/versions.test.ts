// Flow versions on a real in-memory PGlite: auto-saves through the gateway (supabase-js) are not versions;
// a named save and a deploy are; restore puts a version back and appends "Restored from …"; the
// flow_versions RLS of 027 follows the flow's own visibility.
import { describe, expect, it, jest } from '@jest/globals';
import type { FlowVersion } from '@accent/flows-common';
import { useGatewayTestbed, type GatewayTestbed } from '../testing/gateway-testbed.js';
import type { SignedIn } from '../testing/test-app.js';

jest.setTimeout(30_000);

type Row = Record<string, unknown>;
// typed by the testbed, assigned when it has started
let { ctx, admin, member, builder, otherBuilder, client, inject, versionsAt } = {} as GatewayTestbed;
useGatewayTestbed((started) => ({ ctx, admin, member, builder, otherBuilder, client, inject, versionsAt } = started), {
  builderEmail: 'fv-builder@accent.local',
  otherBuilderEmail: 'fv-other@accent.local',
});

const node = (id: string, type: string, data: Row, x = 0) => ({ id, type, position: { x, y: 100 }, data });
const graph = (prompt: string) => ({
  nodes: [
    node('start', 'trigger', { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook', config: {} }),
    node('ask', 'llm', { label: 'Agent', subtype: 'openai', model: 'gpt-4.1-mini', prompt }, 250),
  ],
  edges: [{ id: 'e-start-ask', source: 'start', target: 'ask' }],
  viewport: { x: 0, y: 0, zoom: 1 },
});

const versionsOf = (id: string) => versionsAt<FlowVersion>(`/api/v1/flows/${id}/versions`);

async function newFlow(): Promise<string> {
  const db = client(builder.token);
  const made = await db.from('flows').insert({ name: 'Lead router', description: 'Routes leads', tags: ['sales'], flow_data: graph('Summarise {{payload.text}}'), node_count: 2 }).select('id').single();
  expect(made.error).toBeNull();
  return (made.data as Row).id as string;
}

describe('flow versions', () => {
  it('auto-saves are not versions; a named save and a deploy are, with who, when and the graph', async () => {
    const id = await newFlow();
    const db = client(builder.token);
    await db.from('flows').update({ flow_data: graph('Auto-saved prompt') }).eq('id', id);
    expect(await versionsOf(id)).toEqual([]);

    const saved = await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: '  First draft  ' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ number: 1 });
    await db.from('flows').update({ flow_data: graph('Another auto-save') }).eq('id', id);
    const deployed = await inject('POST', `/api/v1/flows/${id}/deploy`, builder);
    expect(deployed.statusCode).toBe(200);

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.kind, v.label])).toEqual([
      [2, 'deployed', 'Deployed'],
      [1, 'named', 'First draft'],
    ]);
    expect(versions[1]).toMatchObject({ name: 'Lead router', description: 'Routes leads', tags: ['sales'], created_by: 'fv-builder@accent.local' });
    expect((versions[1]!.flow_data as ReturnType<typeof graph>).nodes[1]!.data.prompt).toBe('Auto-saved prompt');
    expect((versions[0]!.flow_data as ReturnType<typeof graph>).nodes[1]!.data.prompt).toBe('Another auto-save');

    const audit = await ctx.database.db.selectFrom('audit_log' as never).select(['action' as never, 'details' as never]).where('action' as never, '=', 'flow.version_save' as never).execute();
    expect(audit).toEqual([{ action: 'flow.version_save', details: { flow_id: id, version: 1, name: 'First draft' } }]);
  });

  it('refuses a blank or long name with a sentence, and members, other builders and other libraries', async () => {
    const id = await newFlow();
    const blank = await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().detail ?? blank.json().message).toMatch(/Give the version a name/);
    const long = await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toMatch(/at most 120 characters/);
    expect((await inject('POST', `/api/v1/flows/${id}/versions`, member, { name: 'Mine' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/v1/flows/${id}/versions`, otherBuilder, { name: 'Mine' })).statusCode).toBe(404);
    expect((await inject('GET', `/api/v1/flows/${id}/versions`, otherBuilder)).statusCode).toBe(404);
    expect(await versionsOf(id)).toEqual([]);
  });

  it('restore replaces the draft with the version and appends a version, never rewriting history', async () => {
    const id = await newFlow();
    const db = client(builder.token);
    expect((await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: 'Good' })).statusCode).toBe(201);
    await db.from('flows').update({ name: 'Lead router (broken)', tags: [], flow_data: { ...graph('Broken'), nodes: [graph('Broken').nodes[0]], edges: [] } }).eq('id', id);
    expect((await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: 'Broken' })).statusCode).toBe(201);

    const restored = await inject('POST', `/api/v1/flows/${id}/versions/1/restore`, builder);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ number: 3, restored: 1 });
    const row = await db.from('flows').select('name, tags, node_count, flow_data').eq('id', id).single();
    expect(row.data).toMatchObject({ name: 'Lead router', tags: ['sales'], node_count: 2 });
    expect((row.data as { flow_data: ReturnType<typeof graph> }).flow_data.nodes[1]!.data.prompt).toBe('Summarise {{payload.text}}');

    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.number, v.kind, v.label])).toEqual([
      [3, 'restored', 'Restored from version 1 (Good)'],
      [2, 'named', 'Broken'],
      [1, 'named', 'Good'],
    ]);
    expect(versions[1]!.name).toBe('Lead router (broken)');

    expect((await inject('POST', `/api/v1/flows/${id}/versions/9/restore`, builder)).statusCode).toBe(404);
    const bad = await inject('POST', `/api/v1/flows/${id}/versions/abc/restore`, builder);
    expect(bad.statusCode).toBe(400);
    expect((await inject('POST', `/api/v1/flows/${id}/versions/1/restore`, member)).statusCode).toBe(403);
  });

  it('the flow_versions table through the gateway: read like the flow, written by nobody', async () => {
    const id = await newFlow();
    expect((await inject('POST', `/api/v1/flows/${id}/versions`, builder, { name: 'Seen' })).statusCode).toBe(201);
    const read = async (who: SignedIn) => ((await client(who.token).from('flow_versions').select('flow_id, label').eq('flow_id', id)).data ?? []) as Row[];
    expect(await read(builder)).toEqual([{ flow_id: id, label: 'Seen' }]);
    expect(await read(admin)).toEqual([{ flow_id: id, label: 'Seen' }]);
    // a member does not see another's flow, so not its versions; another library sees nothing
    expect(await read(member)).toEqual([]);
    expect(await read(otherBuilder)).toEqual([]);
    const write = await client(builder.token).from('flow_versions').insert({ flow_id: id, number: 9, kind: 'named', label: 'Forged', flow_name: 'x', flow_data: {} });
    expect(write.error).not.toBeNull();
    const rewrite = await client(admin.token).from('flow_versions').update({ label: 'Rewritten' }).eq('flow_id', id).select();
    expect(rewrite.data ?? []).toEqual([]);
    expect(await read(builder)).toEqual([{ flow_id: id, label: 'Seen' }]);
  });
});
