// Hostile input over every route the app registers: NUL bytes, very long and odd unicode values, wrong
// types, JSON of the wrong shape, path traversal, as an anonymous caller, a member and an admin. Whatever
// the input, the answer is never a 5xx. Deterministic (seeded), bounded to a few thousand requests.
import type { InjectOptions } from 'fastify';
import { createTestContext, loginAdmin, loginMember, type TestContext } from '../testing/test-app.js';
import { DATABASE_INPUT_MESSAGES } from './database-errors.js';

/** mulberry32: a tiny seeded PRNG, so a failure reproduces with the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261123;
const REQUESTS_PER_ROUTE_AND_CALLER = 14;

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(20),
  'x'.repeat(5000),
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  'ü🎉\u202e\ufeff',
  '\ud800',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '2147483648',
  'NaN',
  'null',
  'true',
  "'; drop table users; --",
  '{"a":1}',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-000000000000',
  ' ',
  '',
  '*',
  '<script>alert(1)</script>',
  '2026-13-45T99:99:99Z',
];

const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  // biome-ignore lint/correctness/noPrecisionLoss: a number too large to be exact is the point of this input
  99999999999999999999,
  [],
  ['\u0000'],
  {},
  { '\u0000': '\u0000' },
  { __proto__: { admin: true } },
  [[[[[[[[[[]]]]]]]]]],
];

// Keys the routes read, so hostile values reach real code rather than only the schema's "unknown key".
const KEYS = [
  'name', 'agent', 'agent_name', 'id', 'version', 'limit', 'offset', 'page', 'status', 'q', 'query', 'from', 'to', 'thread_id',
  'message', 'input', 'email', 'password', 'role', 'active', 'config', 'steps', 'title', 'description', 'schedule', 'slug',
  'entry', 'secret', 'p', 'values', 'provider', 'key', 'nodes', 'edges', 'payload', 'data', 'environment', 'library', 'select',
  'order', 'created_at', 'updated_at', 'execution_count', 'cron', 'timezone', 'type', 'fields', 'sections', 'params', 'text',
];

// The data gateway's tables, so its queries reach the database rather than stop at "no such table".
const TABLES = ['missions', 'flows', 'background_agents', 'pages', 'runs', 'mission_runs'];
const OPERATORS = ['eq', 'neq', 'gt', 'lt', 'like', 'ilike', 'in', 'is'];

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

function hostileString(rand: Rand): string {
  return pick(rand, HOSTILE_STRINGS);
}

function hostileObject(rand: Rand, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  const count = 1 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const key = pick(rand, KEYS);
    object[key] = depth < 2 && rand() < 0.2 ? hostileObject(rand, depth + 1) : pick(rand, HOSTILE_VALUES);
  }
  return object;
}

function hostileBody(rand: Rand): { payload: string; contentType: string } {
  const roll = rand();
  if (roll < 0.55) return { payload: JSON.stringify(hostileObject(rand)), contentType: 'application/json' };
  if (roll < 0.65) return { payload: JSON.stringify(pick(rand, HOSTILE_VALUES)), contentType: 'application/json' };
  if (roll < 0.72) return { payload: JSON.stringify([hostileObject(rand)]), contentType: 'application/json' };
  if (roll < 0.8) return { payload: '{"name": "\u0000', contentType: 'application/json' };
  if (roll < 0.86) return { payload: JSON.stringify({ name: 'x'.repeat(200_000) }), contentType: 'application/json' };
  if (roll < 0.92) return { payload: 'name=%00', contentType: 'application/x-www-form-urlencoded' };
  return { payload: '\u0000\u0000', contentType: 'text/plain' };
}

/** URL-encoded; a lone surrogate has no UTF-8 form, so it is sent as invalid UTF-8 bytes instead. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%FF';
  }
}

/** `/api/v1/flows/:id/runs` with each `:param` (and `*`) replaced by a hostile, URL-encoded value. */
function fillPath(url: string, rand: Rand): string {
  return url.replace(/:[A-Za-z_]+|\*/g, (param) => (param === ':table' && rand() < 0.7 ? pick(rand, TABLES) : encode(hostileString(rand))));
}

function hostileQuery(rand: Rand): string {
  const count = Math.floor(rand() * 4);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    // the data gateway reads `column=op.value`
    const value = rand() < 0.3 ? `${pick(rand, OPERATORS)}.${hostileString(rand)}` : hostileString(rand);
    parts.push(`${pick(rand, KEYS)}=${encode(value)}`);
  }
  if (rand() < 0.1) parts.push('name=%00', 'name[]=a'); // repeated keys and array syntax
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Route {
  method: string;
  url: string;
}

/** Method + URL of every registered route, read from fastify's own route tree (children extend their parent's path). */
function registeredRoutes(ctx: TestContext): Route[] {
  const tree = ctx.app.printRoutes({ commonPrefix: false });
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const url = depth > 0 ? `${stack[depth - 1]}${match[2]}` : `/${match[2].replace(/^\//, '')}`;
    stack.push(url);
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim()).filter(Boolean)) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url });
    }
  }
  return routes;
}

// Logging out would end the caller's own session; the rest of the run needs it.
const SKIPPED = new Set(['POST /api/auth/logout']);

describe('hostile input over every route', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx.close());

  it('answers a NUL byte in a query or path value with 400 and a message a person understands', async () => {
    const admin = await loginAdmin(ctx.app);
    const requests: [InjectOptions['method'], string][] = [
      ['GET', '/api/v1/agent/runs?name=%00'],
      ['GET', '/api/v1/missions/stats?agent=%00'],
      ['GET', '/api/v1/multi-agent/agent-config?name=%00'],
      ['GET', '/api/v1/agent/versions?name=%00'],
      ['GET', '/api/v1/flows/%00/runs'],
      ['POST', '/api/v1/flows/%00/webhook'],
      ['POST', '/api/v1/flows/%00/form'],
      ['POST', '/api/v1/pages/%00/unpublish'],
    ];
    for (const [method, url] of requests) {
      const response = await ctx.app.inject({ method, url, headers: admin.headers });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 400, body: { detail: DATABASE_INPUT_MESSAGES.unstorableCharacter } });
    }
  });

  it('never answers 5xx, whoever calls', async () => {
    const admin = await loginAdmin(ctx.app);
    const member = await loginMember(ctx.app);
    const callers: Record<string, Record<string, string>> = { anonymous: {}, member: member.headers, admin: admin.headers };
    const routes = registeredRoutes(ctx).filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(50);
    const rand = prng(SEED);
    const failures: string[] = [];
    const byClass = new Map<string, number>();
    let sent = 0;
    for (const route of routes) {
      for (const [who, headers] of Object.entries(callers)) {
        for (let i = 0; i < REQUESTS_PER_ROUTE_AND_CALLER; i++) {
          const url = `${fillPath(route.url, rand)}${hostileQuery(rand)}`;
          const request: InjectOptions = { method: route.method as InjectOptions['method'], url, headers: { ...headers } };
          if (route.method !== 'GET' && route.method !== 'DELETE' ? true : rand() < 0.2) {
            const body = hostileBody(rand);
            request.payload = body.payload;
            request.headers = { ...request.headers, 'content-type': body.contentType };
          }
          const response = await ctx.app.inject(request);
          sent++;
          const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
          byClass.set(statusClass, (byClass.get(statusClass) ?? 0) + 1);
          if (response.statusCode >= 500) failures.push(`${who} ${route.method} ${url.slice(0, 160)} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // the input reached the handlers, not only the sign-in check
    expect(byClass.get('2xx') ?? 0).toBeGreaterThan(100);
    expect(byClass.get('4xx') ?? 0).toBeGreaterThan(1000);
  }, 240_000);
});
