// Delivering one remote alone, against the built suite: `pnpm release` of a variant of mfe-agents with a
// visible change, registered and promoted while tabs are open; rollback from Admin → Remotes; a build
// for a newer contract refused by the registry and, forced in by ACCENT_REMOTES, refused by the shell in
// its area only; a canary at 50 % over 20 users, and a failing canary rolled back by itself.
//
// The spec runs its own server (its own data, releases and registry), so promoting versions never
// disturbs the other specs running at the same time against the shared one.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { field, USERS, type DemoUser } from './support/app.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const BASE_PORT = Number(process.env.ACCENT_E2E_PORT ?? 3199);
// after the ports of playwright.config.ts's servers (app, model server, mailbox SMTP and HTTP, identity provider)
const PORT = BASE_PORT + 5;
const FORCED_PORT = BASE_PORT + 6;
const ORIGINAL_TEXT = 'Build, manage and deploy AI agents for sales, marketing, research and support.';
const VARIANT_TEXT = 'Build, manage and deploy AI agents: delivered alone as release 0.9.1.';
const CRASHING = "{(() => { throw new TypeError('(0 , A.canaryBreaks) is not a function'); })()}";
const BUILT = JSON.parse(readFileSync(path.join(ROOT, 'mfe-agents', 'package.json'), 'utf8')).version as string;
const CONTRACT = JSON.parse(readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')).version as string;

test.describe.configure({ mode: 'serial' });

const work = mkdtempSync(path.join(tmpdir(), 'accent-delivery-'));
const releasesDir = path.join(work, 'releases');
const servers: ChildProcess[] = [];

/** The server as `npm start` runs it, on its own port, data folder and releases folder. */
async function startServer(port: number, env: Record<string, string> = {}): Promise<string> {
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RELEASES_DIR: releasesDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_ADDRESS_RATE_LIMIT: '1000',
      ACCENT_REMOTES: '',
      ...env,
    },
  });
  servers.push(child);
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/v1/remotes`)).ok) return origin;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server on ${port} did not start`);
}

/** A copy of mfe-agents to change; its node_modules are links to the real ones (but its own build cache). */
function makeVariant(): string {
  const dir = path.join(work, 'mfe-agents-variant');
  const source = path.join(ROOT, 'mfe-agents');
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  for (const name of ['src', 'package.json', 'webpack.config.mjs']) cpSync(path.join(source, name), path.join(dir, name), { recursive: true });
  for (const name of readdirSync(path.join(source, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(path.join(source, 'node_modules', name), path.join(dir, 'node_modules', name));
  }
  return dir;
}

/** Replaces a text in whichever source file of the variant has it. */
function editSource(dir: string, from: string, to: string) {
  const files = (readdirSync(path.join(dir, 'src'), { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
  const file = files.map((f) => path.join(dir, 'src', f)).find((f) => readFileSync(f, 'utf8').includes(from));
  if (!file) throw new Error(`no source file of the variant contains "${from}"`);
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
}

/** `pnpm release agents` of the variant, into the spec's releases folder. */
function release(dir: string, version: string) {
  const run = spawnSync(process.execPath, ['scripts/release.mjs', 'agents', '--from', dir, '--version', version, '--releases-dir', releasesDir], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`release ${version} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

async function apiAs(origin: string, user: DemoUser): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL: origin });
  const res = await anonymous.post('/api/auth/login', { data: { environment: 'lo-n02', library: 'sales2', email: user.email, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await anonymous.dispose();
  return playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** A signed-in browser context on `origin`, collecting every page error and console error. */
async function signedIn(browser: Browser, origin: string, user: DemoUser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: origin });
  const errors: string[] = [];
  const page = await context.newPage();
  watch(page, errors);
  await page.goto('/login');
  await field(page, 'Email').fill(user.email);
  await field(page, 'Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return { context, page, errors };
}

function watch(page: Page, errors: string[]) {
  page.on('pageerror', (e) => errors.push(`${e.name}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
}

const chunkErrors = (errors: string[]) => errors.filter((e) => /ChunkLoadError|Loading chunk|Loading script failed/i.test(e));
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click();
const subtitle = (page: Page, text: string) => page.getByText(text, { exact: true });

let origin = '';
let variant = '';
let admin: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  origin = await startServer(PORT);
  admin = await apiAs(origin, USERS.admin);
  // Three releases of one variant folder (its build cache makes the later ones quick): a visible change,
  // one that crashes when shown, one built for a newer studio contract.
  variant = makeVariant();
  editSource(variant, ORIGINAL_TEXT, VARIANT_TEXT);
  release(variant, '0.9.1');
  // the subtitle is a JSX attribute: the quoted text becomes an expression that throws when rendered
  editSource(variant, `"${VARIANT_TEXT}"`, CRASHING);
  release(variant, '0.9.2');
  editSource(variant, CRASHING, `"${ORIGINAL_TEXT}"`);
  const configFile = path.join(variant, 'webpack.config.mjs');
  writeFileSync(
    configFile,
    `${readFileSync(configFile, 'utf8').replace('export default createConfig(', 'const base = createConfig(')}
// built against a newer studio contract than this one provides
export default (env, argv) => {
  const config = base(env, argv);
  const federation = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  for (const [name, share] of Object.entries(federation._options.shared)) if (name.startsWith('@accent/shared')) share.requiredVersion = '^99.0.0';
  return config;
};
`,
  );
  release(variant, '0.9.3');
});

test.afterAll(async () => {
  await admin?.dispose();
  for (const server of servers) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test('a release is refused twice and served at its own immutable path', async ({ request }) => {
  const again = spawnSync(process.execPath, ['scripts/release.mjs', 'agents', '--from', variant, '--version', '0.9.1', '--releases-dir', releasesDir], { cwd: ROOT, encoding: 'utf8' });
  expect(again.status).toBe(1);
  expect(again.stderr).toContain('agents 0.9.1 is already released');
  const manifest = await request.get(`${origin}/mfe/agents/0.9.1/mf-manifest.json`);
  expect(manifest.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await manifest.json()).metaData.buildInfo.buildVersion).toBe('0.9.1');
  // released while the server runs: served, but only the build found at start is a version yet
  const versions = await (await admin.get('/api/v1/remotes/agents/versions')).json();
  expect(versions.current).toBe(BUILT);
  expect(versions.versions.map((v: { version: string }) => v.version)).toEqual([BUILT]);
});

test('(a) promoted while tabs are open: new tabs get it, an open tab at its next entry, other areas untouched', async ({ browser }) => {
  const { context, page: openTab, errors } = await signedIn(browser, origin, USERS.admin);
  await openTab.clock.install();
  await openTab.goto('/agents');
  await expect(subtitle(openTab, ORIGINAL_TEXT)).toBeVisible();
  const flowsBefore = (await (await admin.get('/api/v1/remotes')).json()).remotes.find((r: { id: string }) => r.id === 'flows');

  // the team registers (checked) and promotes its release
  const registered = await admin.post('/api/v1/remotes/agents/versions', { data: { version: '0.9.1', entry: '/mfe/agents/0.9.1/mf-manifest.json' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const promoted = await admin.post('/api/v1/remotes/agents/promote', { data: { version: '0.9.1' } });
  expect(await promoted.json()).toEqual({ id: 'agents', current: '0.9.1' });

  // a new tab gets it, its chunks from the release's folder (publicPath 'auto': relative to the manifest)
  const newTab = await context.newPage();
  watch(newTab, errors);
  const chunks: string[] = [];
  newTab.on('request', (r) => {
    if (r.url().includes('/mfe/agents/')) chunks.push(new URL(r.url()).pathname);
  });
  await newTab.goto('/agents');
  await expect(subtitle(newTab, VARIANT_TEXT)).toBeVisible();
  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks.every((c) => c.startsWith('/mfe/agents/0.9.1/'))).toBe(true);

  // the open tab learns of it by its poll, but nothing changes under the user
  await openTab.clock.fastForward(31_000);
  await openTab.waitForTimeout(500);
  await expect(subtitle(openTab, ORIGINAL_TEXT)).toBeVisible();
  // leaving the area and entering again: the page reloads into the new version
  await nav(openTab, 'Flows');
  await expect(openTab).toHaveURL(/\/flows$/);
  await expect(openTab.getByRole('alert')).toHaveCount(0);
  await nav(openTab, 'Agents');
  await expect(subtitle(openTab, VARIANT_TEXT)).toBeVisible();

  // the other areas kept their entry
  const flowsAfter = (await (await admin.get('/api/v1/remotes')).json()).remotes.find((r: { id: string }) => r.id === 'flows');
  expect(flowsAfter).toEqual(flowsBefore);
  expect(chunkErrors(errors)).toEqual([]);
  await context.close();
});

test('(b) rolled back from Admin → Remotes', async ({ browser }) => {
  const { context, page, errors } = await signedIn(browser, origin, USERS.admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Remotes', exact: true }).click();
  await page.getByRole('button', { name: 'Agents versions', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Agents versions' });
  await expect(dialog.getByRole('row', { name: /^0\.9\.1/ })).toContainText('Current');
  await dialog.getByRole('button', { name: 'Roll back Agents', exact: true }).click();
  await expect(dialog.getByText(`Current: ${BUILT}`)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Agents recent changes' }).getByRole('listitem').first()).toContainText(`Rolled back to ${BUILT} · admin@accent.local`);

  const fresh = await context.newPage();
  watch(fresh, errors);
  await fresh.goto('/agents');
  await expect(subtitle(fresh, ORIGINAL_TEXT)).toBeVisible();
  expect(chunkErrors(errors)).toEqual([]);
  await context.close();
});

test('(c) a build for a newer contract: refused by the registry, and in its area only when forced in', async ({ browser }) => {
  // it starts a second studio (migrations and seed on a fresh database: most of a minute on a busy machine)
  test.setTimeout(240_000);
  const refusal = `Agents 0.9.3 needs the studio contract ^99.0.0; this studio provides ${CONTRACT}.`;
  for (const response of [
    await admin.post('/api/v1/remotes/agents/versions', { data: { version: '0.9.3', entry: '/mfe/agents/0.9.3/mf-manifest.json' } }),
    await admin.put('/api/v1/remotes/agents', { data: { version: '0.9.3', entry: '/mfe/agents/0.9.3/mf-manifest.json' } }),
  ]) {
    expect(response.status()).toBe(422);
    expect((await response.json()).detail).toBe(refusal);
  }
  expect((await (await admin.get('/api/v1/remotes')).json()).remotes.find((r: { id: string }) => r.id === 'agents').version).toBe(BUILT);

  // forced in by configuration on a studio of its own: the shell refuses it before loading it
  const forced = await startServer(FORCED_PORT, { ACCENT_REMOTES: JSON.stringify([{ id: 'agents', entry: '/mfe/agents/0.9.3/mf-manifest.json', version: '0.9.3' }]) });

  const { context, page, errors } = await signedIn(browser, forced, USERS.admin);
  await page.goto('/agents');
  const area = page.getByRole('alert', { name: /Agents/ });
  await expect(area).toContainText(`Agents 0.9.3 needs the studio contract ^99.0.0; this studio provides ${CONTRACT}. An administrator needs to install a version of it made for this studio.`);
  await expect(area).toContainText(/Reference: R-[A-Z2-9]{8}\./);
  // only that area: the sidebar and another area work
  await nav(page, 'Flows');
  await expect(page).toHaveURL(/\/flows$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(chunkErrors(errors)).toEqual([]);
  await context.close();
});

test('(d) a canary reaches about half of 20 users, and a failing canary is rolled back by itself', async ({ browser }) => {
  // twenty users signed in, then four visits of the failing canary, each a sign-in of its own
  test.setTimeout(240_000);
  const users: DemoUser[] = [];
  const ids: string[] = [];
  const tokens: APIRequestContext[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 20; i++) {
    const user = { email: `canary-${stamp}-${i}@accent.local`, password: 'canary-password-1' };
    const created = await admin.post('/api/v1/admin/users', { data: { ...user, name: `Canary user ${i}`, role: 'member' } });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
    users.push(user);
    tokens.push(await apiAs(origin, user));
  }
  const served = async () => Promise.all(tokens.map(async (t) => (await (await t.get('/api/v1/remotes')).json()).remotes.find((r: { id: string }) => r.id === 'agents')));

  expect((await admin.put('/api/v1/remotes/agents/canary', { data: { version: '0.9.1', percent: 50 } })).status()).toBe(200);
  const first = await served();
  const inCanary = first.filter((r) => r.channel === 'canary').length;
  console.log(`canary 0.9.1 at 50%: ${inCanary} of 20 users`);
  // exactly the users whose bucket (SHA-256 of remote and user id, mod 100) is under 50 …
  const bucket = (id: string) => createHash('sha256').update(`agents:${id}`).digest().readUInt32BE(0) % 100;
  expect(first.map((r) => r.channel)).toEqual(ids.map((id) => (bucket(id) < 50 ? 'canary' : 'current')));
  // … which is about half (outside 3–17 of 20 once in 2,500 runs)
  expect(inCanary).toBeGreaterThanOrEqual(3);
  expect(inCanary).toBeLessThanOrEqual(17);
  expect(first.filter((r) => r.channel === 'canary').every((r) => r.version === '0.9.1')).toBe(true);
  // sticky: the same users again
  expect((await served()).map((r) => r.channel)).toEqual(first.map((r) => r.channel));

  // a canary that crashes when shown
  const crashing = await admin.post('/api/v1/remotes/agents/versions', { data: { version: '0.9.2', entry: '/mfe/agents/0.9.2/mf-manifest.json' } });
  expect(crashing.status(), await crashing.text()).toBe(201);
  expect((await admin.put('/api/v1/remotes/agents/canary', { data: { version: '0.9.2', percent: 50 } })).status()).toBe(200);
  const chosen = (await served()).flatMap((r, i) => (r.channel === 'canary' ? [users[i]] : []));
  expect(chosen.length).toBeGreaterThanOrEqual(2);
  const failures = async () => (await (await admin.get('/api/v1/remotes/agents/versions')).json()).versions.find((v: { version: string }) => v.version === '0.9.2').health.failed;
  // four visits (a canary is judged from four), each a page load of one of those users: every one fails
  for (let i = 0; i < 4; i++) {
    const { context, page } = await signedIn(browser, origin, chosen[i % chosen.length]);
    await page.goto('/agents');
    const area = page.getByRole('alert', { name: /Agents/ });
    await expect(area).toContainText('Agents stopped working because of an error in its code. Try again; if it keeps happening, tell your administrator.');
    await expect(area).not.toContainText('canaryBreaks');
    // a failed visit is one visit that failed (its load and its failure are one report)
    await expect.poll(failures).toBe(i + 1);
    await context.close();
  }
  const after = await (await admin.get('/api/v1/remotes/agents/versions')).json();
  expect(after.canary).toBeNull();
  expect(after.versions.find((v: { version: string }) => v.version === '0.9.2')).toMatchObject({ status: 'withdrawn', health: { loaded: 0, failed: 4 } });
  expect(after.events[0]).toMatchObject({ action: 'canary-rolled-back', version: '0.9.2', detail: 'Canary Agents 0.9.2 was rolled back automatically: 4 of 4 visits failed (limit 25%).' });
  // those users are back on the current version
  expect((await served()).every((r) => r.channel === 'current')).toBe(true);

  // and admins are told on the Remotes screen
  const { context, page } = await signedIn(browser, origin, USERS.admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Remotes', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Canary Agents 0.9.2 was rolled back automatically: 4 of 4 visits failed (limit 25%).' })).toBeVisible();
  await context.close();
  for (const t of tokens) await t.dispose();
});
