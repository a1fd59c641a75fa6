import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ConfigError, DEFAULT_SMTP_FROM, loadConfig } from '../config.js';
import { startHookSink, type HookSink } from '../testing/missions.js';
import { createDeliverer, DELIVERY_MESSAGES, signWebhookBody, webhookSecretFor, type DeliveryMission, type DeliveryRun } from './deliver.js';

const LIBRARY = '7d0c5a2e-1111-4222-8333-944445555666';
const mission = (delivery: DeliveryMission['delivery']): DeliveryMission => ({ id: 'm-1', name: 'Report', agent_id: 'Writer', agent_name: 'Writer', library_id: LIBRARY, delivery });
const run: DeliveryRun = {
  id: 'r-1',
  status: 'succeeded',
  trigger: 'schedule',
  output: 'All good',
  error: null,
  agent_run_id: null,
  scheduled_for: '2026-05-04T09:00:00.000Z',
  started_at: '2026-05-04T09:00:01.000Z',
  finished_at: '2026-05-04T09:00:02.000Z',
};
const base = { smtpFrom: 'a@b.c', webhookSigningSecret: 'server-secret-server-secret-server-secret' };

describe('the deliverer', () => {
  let hooks: HookSink;
  beforeAll(async () => {
    hooks = await startHookSink();
  });
  afterAll(async () => {
    await hooks.close();
  });
  beforeEach(() => {
    hooks.requests.length = 0;
  });

  it('a webhook to 127.0.0.1 is a failed delivery when private addresses are not allowed (the SSRF guard, net/ssrf.ts)', async () => {
    const deliverer = createDeliverer({ ...base, allowPrivateWebhooks: false });
    const outcome = await deliverer.deliver('webhook', mission({ channels: ['webhook'], webhookUrl: `${hooks.url}/x` }), run, null);
    expect(outcome.channel).toBe('webhook');
    expect(outcome.status).toBe('failed');
    expect(outcome.detail).toBe('Refused to connect to 127.0.0.1: loopback addresses are not allowed. An administrator can allow them with ALLOW_PRIVATE_WEBHOOKS=true.');
    expect(hooks.requests).toHaveLength(0);
  });

  it('always delivers to the feed first, then each asked channel once', () => {
    const deliverer = createDeliverer({ ...base, allowPrivateWebhooks: true });
    expect(deliverer.channelsOf(mission({ channels: ['email', 'feed', 'webhook', 'email'] }))).toEqual(['feed', 'email', 'webhook']);
    expect(deliverer.channelsOf(mission(null))).toEqual(['feed']);
  });

  it("answers 'not configured' for email without SMTP_URL", async () => {
    const deliverer = createDeliverer({ ...base, allowPrivateWebhooks: true });
    expect(await deliverer.deliver('email', mission({ channels: ['email'], email: 'x@y.z' }), run, 'owner@y.z')).toEqual({
      channel: 'email',
      status: 'failed',
      detail: 'Email delivery is not configured: set SMTP_URL on the server.',
    });
  });

  it('reports an unreachable SMTP server as a failed delivery', async () => {
    const deliverer = createDeliverer({ ...base, smtpUrl: 'smtp://127.0.0.1:1', allowPrivateWebhooks: true });
    const outcome = await deliverer.deliver('email', mission({ channels: ['email'], email: 'x@y.z' }), run, null);
    expect(outcome).toMatchObject({ channel: 'email', status: 'failed' });
    expect(outcome.detail).toMatch(/^Email to x@y\.z failed: /);
  });

  it('needs a webhook URL; unknown channels are skipped', async () => {
    const deliverer = createDeliverer({ ...base, allowPrivateWebhooks: true });
    expect(await deliverer.deliver('webhook', mission({ channels: ['webhook'] }), run, null)).toEqual({ channel: 'webhook', status: 'failed', detail: DELIVERY_MESSAGES.noWebhookUrl });
    expect(await deliverer.deliver('sms', mission({ channels: ['sms'] }), run, null)).toEqual({ channel: 'sms', status: 'skipped', detail: 'Unknown delivery channel "sms"' });
  });

  it('signs the exact body with the library secret (HMAC-SHA256, sha256=<hex>)', async () => {
    const deliverer = createDeliverer({ ...base, allowPrivateWebhooks: true });
    expect(await deliverer.deliver('webhook', mission({ channels: ['webhook'], webhookUrl: hooks.url }), run, null)).toEqual({ channel: 'webhook', status: 'sent', detail: 'Delivered (HTTP 200)' });
    const [hook] = hooks.requests;
    const secret = webhookSecretFor(LIBRARY, base.webhookSigningSecret);
    expect(secret).toBe(createHmac('sha256', base.webhookSigningSecret).update(`accent-webhook:v1:${LIBRARY}`).digest('hex'));
    expect(hook.headers['x-accent-signature']).toBe(signWebhookBody(hook.body, secret));
    expect(hook.headers['x-accent-signature']).toBe(`sha256=${createHmac('sha256', secret).update(hook.body).digest('hex')}`);
    expect(JSON.parse(hook.body)).toEqual({
      mission: { id: 'm-1', name: 'Report', agent_id: 'Writer', agent_name: 'Writer' },
      run: { id: 'r-1', status: 'succeeded', trigger: 'schedule', error: null, agent_run_id: null, scheduled_for: run.scheduled_for, started_at: run.started_at, finished_at: run.finished_at },
      output: 'All good',
    });
    // another library, another secret
    expect(webhookSecretFor('00000000-0000-4000-8000-000000000000', base.webhookSigningSecret)).not.toBe(secret);
  });
});

describe('delivery configuration', () => {
  const SECRET = 'x'.repeat(40);
  it('defaults: no SMTP, the default sender, private webhooks refused, the JWT secret signs', () => {
    expect(loadConfig({ JWT_SECRET: SECRET })).toMatchObject({ smtpUrl: undefined, smtpFrom: DEFAULT_SMTP_FROM, allowPrivateWebhooks: false, webhookSigningSecret: SECRET });
  });

  it('reads SMTP_URL, SMTP_FROM, ALLOW_PRIVATE_WEBHOOKS and WEBHOOK_SIGNING_SECRET', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      SMTP_FROM: 'Reports <reports@example.com>',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_SIGNING_SECRET: 'w'.repeat(32),
    });
    expect(config).toMatchObject({ smtpUrl: 'smtps://user:pw@mail.example.com:465', smtpFrom: 'Reports <reports@example.com>', allowPrivateWebhooks: true, webhookSigningSecret: 'w'.repeat(32) });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ ALLOW_PRIVATE_WEBHOOKS: 'sometimes' }, 'ALLOW_PRIVATE_WEBHOOKS: must be true or false'],
    [{ WEBHOOK_SIGNING_SECRET: 'short' }, 'WEBHOOK_SIGNING_SECRET: must be at least 32 characters'],
  ])('names the variable of a bad value: %j', (env, message) => {
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: SECRET, ...env })).toThrow(message);
  });
});
