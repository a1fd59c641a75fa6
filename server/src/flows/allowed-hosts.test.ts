// Admin → Settings → Allowed flow hosts on a real PGlite: admins only, each entry checked by the SSRF
// guard's own parser (nothing saved when one is wrong), every change in the audit log, and a flow's HTTP
// action reaching a private address only once the library allows it (beside FLOW_ALLOW_HOSTS).
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FlowRun } from '@accent/flows-common';
import type { FlowHostsResponse } from '@accent/shell-common';
import { createTestContext, createUser, login, loginAdmin, loginMember, type SignedIn, type TestContext } from '../testing/test-app.js';
import { withFlowTables } from './tables.js';

jest.setTimeout(30_000);

let ctx: TestContext;
let baseUrl: string;
let admin: SignedIn;
let member: SignedIn;
let builder: SignedIn;

const call = (method: 'GET' | 'PUT', who: SignedIn | null, payload?: unknown) =>
  ctx.app.inject({ method, url: '/api/v1/admin/flow-hosts', headers: who ? who.headers : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  ctx = await createTestContext({ env: { FLOW_ALLOW_HOSTS: 'crm.internal, *.corp.example' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  admin = await loginAdmin(ctx.app);
  member = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: 'hosts-builder@accent.local', password: 'builder-password', role: 'builder' });
  builder = await login(ctx.app, { email: 'hosts-builder@accent.local', password: 'builder-password' });
}, 60_000);
afterAll(() => ctx?.close());

describe('/api/v1/admin/flow-hosts', () => {
  it('is for administrators only', async () => {
    expect((await call('GET', null)).statusCode).toBe(401);
    for (const who of [member, builder]) {
      expect((await call('GET', who)).statusCode).toBe(403);
      expect((await call('PUT', who, { hosts: ['10.0.0.1'] })).statusCode).toBe(403);
    }
    const read = await call('GET', admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ hosts: [], environment: ['crm.internal', '*.corp.example'], updated_at: null });
  });

  it('refuses entries the guard would not understand, at the entry, and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ hosts: ['ok.internal', 'not a host'] }, 'hosts.1: "not a host" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).'],
      [{ hosts: ['10.0.0.0/33'] }, 'hosts.0: "10.0.0.0/33": the prefix of an IPv4 range is at most /32.'],
      [{ hosts: ['http://crm.internal/'] }, 'hosts.0: "http://crm.internal/" is not a host name, *.domain wildcard, IP address or CIDR range (such as 10.0.0.0/8).'],
      [{ hosts: ['  '] }, 'hosts.0: An entry is empty'],
      [{ hosts: 'crm.internal' }, expect.stringMatching(/^hosts: /) as unknown as string],
    ];
    for (const [body, detail] of cases) {
      const response = await call('PUT', admin, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
    }
    expect((await call('GET', admin)).json<FlowHostsResponse>().hosts).toEqual([]);
  });

  it("saves the library's list (trimmed, lower case, once each), records the change, and a flow reaches an allowed private host", async () => {
    const flowId = `flow-hosts-${Date.now()}`;
    const flowData = {
      nodes: [
        { id: 'start', type: 'trigger', position: { x: 0, y: 0 }, data: { label: 'Start Trigger', subtype: 'webhook', triggerType: 'webhook', config: {} } },
        { id: 'call', type: 'action', position: { x: 250, y: 0 }, data: { label: 'Call', subtype: 'api', actionType: 'api_call', url: `${baseUrl}/api/v1/config` } },
      ],
      edges: [{ id: 'e1', source: 'start', target: 'call' }],
      viewport: { x: 0, y: 0, zoom: 1 },
    };
    await withFlowTables(ctx.database.db)
      .insertInto('flows')
      .values({ id: flowId, name: 'Reaches this server', library_id: admin.body.library_id, owner_id: admin.body.user_id, flow_data: JSON.stringify(flowData), node_count: 2 } as never)
      .execute();
    const test = async () => (await ctx.app.inject({ method: 'POST', url: `/api/v1/flows/${flowId}/test`, headers: admin.headers, payload: { payload: {} } })).json<FlowRun>();

    const refused = await test();
    expect(refused).toMatchObject({ status: 'failed', error: expect.stringMatching(/"Call" failed: Refused to connect to 127\.0\.0\.1: loopback addresses are not allowed/) });

    const saved = await call('PUT', admin, { hosts: [' 127.0.0.0/8 ', 'CRM2.internal', 'crm2.internal', '*.lab.example'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ hosts: ['127.0.0.0/8', 'crm2.internal', '*.lab.example'], environment: ['crm.internal', '*.corp.example'], updated_at: expect.any(String) });
    expect((await call('GET', admin)).json<FlowHostsResponse>().hosts).toEqual(['127.0.0.0/8', 'crm2.internal', '*.lab.example']);

    const allowed = await test();
    expect(allowed.status).toBe('succeeded');
    expect(allowed.nodes.find((n) => n.nodeId === 'call')).toMatchObject({ status: 'succeeded' });

    const audit = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/audit?action=settings.flow_hosts', headers: admin.headers });
    expect(audit.json<{ entries: { actor_email: string; details: unknown }[] }>().entries[0]).toMatchObject({
      actor_email: admin.body.email,
      details: { added: ['127.0.0.0/8', 'crm2.internal', '*.lab.example'], removed: [] },
    });

    // emptied again: refused again
    expect((await call('PUT', admin, { hosts: [] })).statusCode).toBe(200);
    expect((await test()).status).toBe('failed');
  });
});
