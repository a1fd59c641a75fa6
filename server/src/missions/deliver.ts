// Where a mission run's result goes (docs/missions-contract.md `delivery`): the feed always (the
// mission_runs row itself), email over SMTP with nodemailer (SMTP_URL, SMTP_FROM), and a signed
// webhook: POST JSON `{mission, run, output}` with `X-Accent-Signature: sha256=<hex>`, the HMAC-SHA256
// of the exact request body under the library's webhook secret (see `webhookSecretFor`), through the
// SSRF guard. Each channel's outcome is recorded as `{channel, status: sent|failed|skipped, detail}`.
import type { MissionRunDelivery } from '@accent/missions-common';
import { createMailer, describeError, postTo, webhookSecretFor } from '../delivery/channels.js';

export { signWebhookBody, WEBHOOK_SIGNATURE_HEADER, webhookSecretFor } from '../delivery/channels.js';
export const WEBHOOK_EVENT = 'mission.run.finished';

export const DELIVERY_MESSAGES = {
  feed: 'Saved to the mission feed',
  emailNotConfigured: 'Email delivery is not configured: set SMTP_URL on the server.',
  noEmailAddress: 'No email address to send to: set one in the mission delivery settings.',
  emailSent: (to: string) => `Sent to ${to}`,
  noWebhookUrl: 'No webhook URL is set for this mission.',
  webhookSent: (status: number) => `Delivered (HTTP ${status})`,
  webhookRejected: (status: number, body: string) => `The webhook answered HTTP ${status}${body ? `: ${body.slice(0, 200)}` : ''}`,
  unknownChannel: (channel: string) => `Unknown delivery channel "${channel}"`,
} as const;

export interface DeliveryMission {
  id: string;
  name: string;
  agent_id: string;
  agent_name: string;
  library_id: string;
  delivery: { channels?: unknown; email?: unknown; webhookUrl?: unknown } | null;
}

export interface DeliveryRun {
  id: string;
  status: 'succeeded' | 'failed';
  trigger: 'schedule' | 'manual';
  output: string | null;
  error: string | null;
  agent_run_id: string | null;
  scheduled_for: string | null;
  started_at: string | null;
  finished_at: string | null;
}

export interface DelivererConfig {
  smtpUrl?: string;
  smtpFrom: string;
  allowPrivateWebhooks: boolean;
  webhookSigningSecret: string;
  /** webhook timeout (default 10 s) */
  webhookTimeoutMs?: number;
}

export interface Deliverer {
  /** The channels a mission asks for, feed first, each once. */
  channelsOf(mission: DeliveryMission): string[];
  deliver(channel: string, mission: DeliveryMission, run: DeliveryRun, ownerEmail: string | null): Promise<MissionRunDelivery>;
  close(): void;
}


export function createDeliverer(config: DelivererConfig): Deliverer {
  const mailer = createMailer(config);

  async function email(mission: DeliveryMission, run: DeliveryRun, ownerEmail: string | null): Promise<MissionRunDelivery> {
    if (!config.smtpUrl) return { channel: 'email', status: 'failed', detail: DELIVERY_MESSAGES.emailNotConfigured };
    const configured = typeof mission.delivery?.email === 'string' ? mission.delivery.email.trim() : '';
    const to = configured || ownerEmail || '';
    if (!to) return { channel: 'email', status: 'failed', detail: DELIVERY_MESSAGES.noEmailAddress };
    const succeeded = run.status === 'succeeded';
    const when = run.finished_at ?? new Date().toISOString();
    const text = [
      succeeded ? run.output ?? '' : `The mission failed: ${run.error ?? 'unknown error'}`,
      '',
      '--',
      `Mission: ${mission.name} (agent ${mission.agent_name})`,
      `Run: ${run.id} (${run.trigger === 'schedule' ? 'scheduled' : 'run now'}), finished ${when}`,
    ].join('\n');
    try {
      await mailer.send({
        to,
        subject: succeeded ? `Mission "${mission.name}": new result` : `Mission "${mission.name}" failed`,
        text,
        headers: { 'X-Accent-Mission-Id': mission.id, 'X-Accent-Run-Id': run.id },
      });
      return { channel: 'email', status: 'sent', detail: DELIVERY_MESSAGES.emailSent(to) };
    } catch (error) {
      return { channel: 'email', status: 'failed', detail: `Email to ${to} failed: ${describeError(error)}` };
    }
  }

  async function webhook(mission: DeliveryMission, run: DeliveryRun): Promise<MissionRunDelivery> {
    const url = typeof mission.delivery?.webhookUrl === 'string' ? mission.delivery.webhookUrl.trim() : '';
    if (!url) return { channel: 'webhook', status: 'failed', detail: DELIVERY_MESSAGES.noWebhookUrl };
    const body = JSON.stringify({
      mission: { id: mission.id, name: mission.name, agent_id: mission.agent_id, agent_name: mission.agent_name },
      run: {
        id: run.id,
        status: run.status,
        trigger: run.trigger,
        error: run.error,
        agent_run_id: run.agent_run_id,
        scheduled_for: run.scheduled_for,
        started_at: run.started_at,
        finished_at: run.finished_at,
      },
      output: run.output,
    });
    const outcome = await postTo({
      url,
      body,
      signWith: webhookSecretFor(mission.library_id, config.webhookSigningSecret),
      headers: { 'x-accent-event': WEBHOOK_EVENT, 'x-accent-delivery': run.id },
      allowPrivate: config.allowPrivateWebhooks,
      timeoutMs: config.webhookTimeoutMs,
    });
    if (outcome.ok) return { channel: 'webhook', status: 'sent', detail: DELIVERY_MESSAGES.webhookSent(outcome.status!) };
    if (outcome.error) return { channel: 'webhook', status: 'failed', detail: outcome.error };
    return { channel: 'webhook', status: 'failed', detail: DELIVERY_MESSAGES.webhookRejected(outcome.status!, outcome.answer) };
  }

  return {
    channelsOf(mission) {
      const asked = Array.isArray(mission.delivery?.channels) ? mission.delivery.channels.filter((c): c is string => typeof c === 'string') : [];
      return ['feed', ...new Set(asked.filter((c) => c !== 'feed'))];
    },
    async deliver(channel, mission, run, ownerEmail) {
      switch (channel) {
        case 'feed':
          return { channel: 'feed', status: 'sent', detail: DELIVERY_MESSAGES.feed };
        case 'email':
          return email(mission, run, ownerEmail);
        case 'webhook':
          return webhook(mission, run);
        default:
          return { channel, status: 'skipped', detail: DELIVERY_MESSAGES.unknownChannel(channel) };
      }
    },
    close() {
      mailer.close();
    },
  };
}
