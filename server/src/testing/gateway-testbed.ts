// The setup the data-gateway tests share (flows, background agents and their versions): a test context
// listening on loopback, supabase-js configured as the browser is (/api/v1/config), and four people signed
// in: the demo admin and member, a builder in the demo library and a builder of another library, whose
// rows row-level security must keep apart.
import { expect } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useStarted } from './model-app.js';
import {
  createTestContext,
  createUser,
  importCreateClient,
  listenOnLoopback,
  login,
  loginAdmin,
  loginMember,
  type SignedIn,
  type TestContext,
  type TestContextOptions,
} from './test-app.js';

export interface GatewayTestbed {
  ctx: TestContext;
  /** the server's loopback address */
  baseUrl: string;
  admin: SignedIn;
  member: SignedIn;
  builder: SignedIn;
  /** a builder of the library other-lib */
  otherBuilder: SignedIn;
  /** supabase-js as the holder of `token`, with no realtime socket */
  client: (token: string) => SupabaseClient;
  /** a request to the API as `who` */
  inject(method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object): Promise<LightMyRequestResponse>;
  /** the versions listed at `url` (…/versions) for `who` (default the builder), which must answer 200 */
  versionsAt<V>(url: string, who?: SignedIn): Promise<V[]>;
  /** row `id` of `table` is the builder's: the member and the other library's builder do not see it, the admin does */
  expectOnlyAdminSees(table: string, id: string): Promise<void>;
  close(): Promise<void>;
}

/** A write that row-level security refused, as PostgREST answers it. */
export function expectRlsRefused(result: { status: number; error: { code?: string; message: string } | null }): void {
  expect(result.status).toBe(403);
  expect(result.error).toMatchObject({ code: '42501' });
  expect(result.error!.message).toMatch(/row-level security/);
}

export interface GatewayTestbedOptions extends TestContextOptions {
  /** the two builders' emails (each test file its own, so a failure names its file's people) */
  builderEmail: string;
  otherBuilderEmail: string;
}

export async function gatewayTestbed({ builderEmail, otherBuilderEmail, ...options }: GatewayTestbedOptions): Promise<GatewayTestbed> {
  const createClient = await importCreateClient();
  const ctx = await createTestContext(options);
  try {
    const baseUrl = await listenOnLoopback(ctx.app);
    const config = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as { supabaseUrl: string; supabaseAnonKey: string };
    const admin = await loginAdmin(ctx.app);
    const member = await loginMember(ctx.app);
    await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: builderEmail, password: 'builder-password', role: 'builder' });
    const builder = await login(ctx.app, { email: builderEmail, password: 'builder-password' });
    await createUser(ctx.database, {
      environment: 'lo-n02',
      library: 'other-lib',
      email: otherBuilderEmail,
      password: 'other-password',
      role: 'builder',
    });
    const otherBuilder = await login(ctx.app, { email: otherBuilderEmail, password: 'other-password', library: 'other-lib' });
    const client = (token: string) =>
      createClient(config.supabaseUrl, config.supabaseAnonKey, { accessToken: async () => token, realtime: { transport: class {} as never } });
    const seenBy = async (who: SignedIn, table: string, id: string) => (await client(who.token).from(table).select('id').eq('id', id)).data;
    const expectOnlyAdminSees = async (table: string, id: string) => {
      expect(await seenBy(member, table, id)).toEqual([]);
      expect(await seenBy(otherBuilder, table, id)).toEqual([]);
      expect(await seenBy(admin, table, id)).toEqual([{ id }]);
    };
    const inject: GatewayTestbed['inject'] = (method, url, who, payload) =>
      ctx.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const versionsAt = async <V>(url: string, who = builder) => {
      const res = await inject('GET', url, who);
      expect(res.statusCode).toBe(200);
      return res.json<{ versions: V[] }>().versions;
    };
    return { ctx, baseUrl, admin, member, builder, otherBuilder, client, inject, versionsAt, expectOnlyAdminSees, close: () => ctx.close() };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

/** `useStarted` for the testbed: started before the file's (or block's) tests, closed after them. */
export function useGatewayTestbed(use: (started: GatewayTestbed) => void, options: GatewayTestbedOptions): void {
  useStarted(() => gatewayTestbed(options), use);
}
