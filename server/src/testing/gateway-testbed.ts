// The setup the data-gateway tests share (flows, background agents and their versions): a test context
// listening on loopback, supabase-js configured as the browser is (/api/v1/config), and four people signed
// in: the demo admin and member, a builder in the demo library and a builder of another library, whose
// rows row-level security must keep apart.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestContext, createUser, importCreateClient, listenOnLoopback, login, loginAdmin, loginMember, type SignedIn, type TestContext, type TestContextOptions } from './test-app.js';

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
}

export interface GatewayTestbedOptions extends TestContextOptions {
  /** the two builders' emails (each test file its own, so a failure names its file's people) */
  builderEmail: string;
  otherBuilderEmail: string;
}

export async function gatewayTestbed({ builderEmail, otherBuilderEmail, ...options }: GatewayTestbedOptions): Promise<GatewayTestbed> {
  const createClient = await importCreateClient();
  const ctx = await createTestContext(options);
  const baseUrl = await listenOnLoopback(ctx.app);
  const config = (await (await fetch(`${baseUrl}/api/v1/config`)).json()) as { supabaseUrl: string; supabaseAnonKey: string };
  const admin = await loginAdmin(ctx.app);
  const member = await loginMember(ctx.app);
  await createUser(ctx.database, { environment: 'lo-n02', library: 'sales2', email: builderEmail, password: 'builder-password', role: 'builder' });
  const builder = await login(ctx.app, { email: builderEmail, password: 'builder-password' });
  await createUser(ctx.database, { environment: 'lo-n02', library: 'other-lib', email: otherBuilderEmail, password: 'other-password', role: 'builder' });
  const otherBuilder = await login(ctx.app, { email: otherBuilderEmail, password: 'other-password', library: 'other-lib' });
  const client = (token: string) => createClient(config.supabaseUrl, config.supabaseAnonKey, { accessToken: async () => token, realtime: { transport: class {} as never } });
  return { ctx, baseUrl, admin, member, builder, otherBuilder, client };
}
