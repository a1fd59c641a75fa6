// The setup most runtime tests share: the local model server, the app whose OpenAI provider points at it,
// and the demo admin and member signed in. One place, so a test names only what it adds.
import { afterAll, beforeAll } from '@jest/globals';
import { TEST_KEY } from './missions.js';
import { startModelServer, type ModelServer } from './model-server.js';
import { createTestContext, loginAdmin, loginMember, type SignedIn, type TestContext, type TestContextOptions } from './test-app.js';

export interface ModelApp {
  ctx: TestContext;
  model: ModelServer;
  admin: SignedIn;
  member: SignedIn;
  close(): Promise<void>;
}

/** `apiKey`: the key the model server demands and the app sends (default TEST_KEY); `env` adds to the provider's. */
export async function startModelApp(options: TestContextOptions & { apiKey?: string } = {}): Promise<ModelApp> {
  const { apiKey = TEST_KEY, env, ...rest } = options;
  const model = await startModelServer({ apiKey });
  let ctx: TestContext | undefined;
  try {
    ctx = await createTestContext({ ...rest, env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: model.url, ...env } });
    const [admin, member] = [await loginAdmin(ctx.app), await loginMember(ctx.app)];
    const opened = ctx;
    return {
      ctx: opened,
      model,
      admin,
      member,
      async close() {
        await opened.close();
        await model.close();
      },
    };
  } catch (error) {
    await ctx?.close();
    await model.close();
    throw error;
  }
}

/**
 * Starts the model app before the block's tests and closes it after them; `use` receives it (a test assigns
 * the parts it names). Declared before a block's own beforeAll, it is ready there.
 */
export function useModelApp(use: (started: ModelApp) => void, options: Parameters<typeof startModelApp>[0] = {}): void {
  let started: ModelApp | undefined;
  beforeAll(async () => {
    started = await startModelApp(options);
    use(started);
  }, 60_000);
  afterAll(() => started?.close());
}
