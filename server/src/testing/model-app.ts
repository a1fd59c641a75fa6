// The setup most server tests share: a test context with demo users signed in (useTestApp), or with the local
// model server as its OpenAI provider too (useModelApp), started around a block's tests (useStarted). One
// place, so a test names only what it adds.
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

export type ModelAppOptions = TestContextOptions & { apiKey?: string };

/**
 * Starts an app with `running` (servers started for it) already up: they are closed if the start fails,
 * and after the app when it closes.
 */
export async function startAround<T extends { close(): Promise<void> }>(running: { close(): Promise<void> }[], start: () => Promise<T>): Promise<T> {
  const closeRunning = async () => {
    for (const server of running) await server.close();
  };
  try {
    const app = await start();
    return {
      ...app,
      async close() {
        await app.close();
        await closeRunning();
      },
    };
  } catch (error) {
    await closeRunning();
    throw error;
  }
}

/** `apiKey`: the key the model server demands and the app sends (default TEST_KEY); `env` adds to the provider's. */
export async function startModelApp(options: ModelAppOptions = {}): Promise<ModelApp> {
  const { apiKey = TEST_KEY, env, ...rest } = options;
  const model = await startModelServer({ apiKey });
  return startAround([model], async () => {
    const ctx = await createTestContext({ ...rest, env: { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: model.url, ...env } });
    try {
      const [admin, member] = [await loginAdmin(ctx.app), await loginMember(ctx.app)];
      return { ctx, model, admin, member, close: () => ctx.close() };
    } catch (error) {
      await ctx.close();
      throw error;
    }
  });
}

/**
 * Starts an app before the block's tests and closes it after them; `use` receives it (a test assigns the
 * parts it names). Declared before a block's own beforeAll, it is ready there.
 */
export function useStarted<T extends { close(): Promise<void> }>(start: () => Promise<T>, use: (started: T) => void): () => T | undefined {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    use(started);
  }, 60_000);
  afterAll(() => started?.close());
  return () => started;
}

/** `useStarted` for the model app. */
export function useModelApp(use: (started: ModelApp) => void, options: ModelAppOptions = {}): void {
  useStarted(() => startModelApp(options), use);
}

type Demo = 'admin' | 'member';
export type TestApp<W extends Demo> = { ctx: TestContext; close(): Promise<void> } & Record<W, SignedIn>;

/** A test context without a model server, with the demo users in `who` signed in (in that order). */
export async function startTestApp<W extends Demo>(who: readonly W[], options: TestContextOptions = {}): Promise<TestApp<W>> {
  const ctx = await createTestContext(options);
  try {
    const signedIn: Partial<Record<Demo, SignedIn>> = {};
    for (const person of who) signedIn[person] = person === 'admin' ? await loginAdmin(ctx.app) : await loginMember(ctx.app);
    return { ...(signedIn as Record<W, SignedIn>), ctx, close: () => ctx.close() };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

/** `useStarted` for a plain test context with the demo users in `who` signed in. */
export function useTestApp<W extends Demo>(use: (started: TestApp<W>) => void, who: readonly W[] = [], options: TestContextOptions = {}): void {
  useStarted(() => startTestApp(who, options), use);
}
