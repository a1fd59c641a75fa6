// Where a background agent's output goes (spec 02 §3.6 deliveryChannels): email (SMTP, the formatted
// document attached), slack (the library's incoming webhook, Block Kit), sms (the library's Twilio-style
// SMS provider, a short text), webhook (signed JSON POST) and dashboard (the results feed: the run row
// itself). Test Configuration asks for a dry run: every channel says what it would do and sends nothing.
import type { BackgroundAgentConfig, BackgroundDelivery, BackgroundDeliveryChannel } from '@accent/background-common';
import type { CredentialStore } from '../credentials/store.js';
import { describeError, postTo, webhookSecretFor, type Mailer, type PostOutcome } from '../delivery/channels.js';
import { toSlackBlocks, type BackgroundReport, type RenderedDocument } from './format.js';

export const BACKGROUND_WEBHOOK_EVENT = 'background_agent.run.finished';
/** SMS bodies are cut to what fits ten segments. */
const SMS_MAX_CHARS = 1530;
export const DEFAULT_SMS_BASE_URL = 'https://api.twilio.com';

export const BACKGROUND_DELIVERY_MESSAGES = {
  feed: 'Added to the results feed',
  alreadySent: 'Already delivered by an earlier attempt',
  wouldFeed: 'Would add the result to the results feed',
  emailNotConfigured: 'Email delivery is not configured: set SMTP_URL on the server.',
  noEmailAddress: 'No email address to send to: set email recipients in Output & Delivery.',
  emailSent: (to: string) => `Sent to ${to}`,
  wouldEmail: (to: string) => `Would email ${to}`,
  slackNotConnected: 'Slack is not connected: an administrator can add the Slack incoming webhook in Admin → Credentials.',
  slackSent: 'Posted to Slack',
  wouldSlack: 'Would post to the library’s Slack incoming webhook',
  smsNotConnected: 'SMS is not connected: an administrator can add the SMS provider in Admin → Credentials.',
  noSmsNumber: 'No phone number to text: set SMS recipients in Output & Delivery.',
  badSmsNumber: (n: string) => `"${n}" is not a phone number in E.164 form (e.g. +15551234567)`,
  smsSent: (to: string) => `Texted ${to}`,
  wouldSms: (to: string) => `Would text ${to}`,
  noWebhookUrl: 'No webhook URL is set: set it in Output & Delivery.',
  webhookSent: (status: number) => `Delivered (HTTP ${status})`,
  wouldWebhook: (url: string) => `Would POST the signed result to ${url}`,
  rejected: (status: number, body: string) => `The receiver answered HTTP ${status}${body ? `: ${body}` : ''}`,
} as const;

export interface DeliveryAgent {
  id: string;
  name: string;
  library_id: string;
  config: Pick<BackgroundAgentConfig, 'deliveryChannels' | 'emailRecipients' | 'smsRecipients' | 'webhookUrl'>;
}

export interface DeliveryRun {
  id: string;
  trigger: string;
  output: string;
  started_at: string;
  finished_at: string;
}

export interface BackgroundDelivererDeps {
  mailer: Mailer;
  credentials: CredentialStore;
  allowPrivateWebhooks: boolean;
  webhookSigningSecret: string;
}

/** A comma-separated recipient text (addresses, phone numbers) as its distinct entries. */
export const recipientList = (text: string) => [...new Set(text.split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean))];
const E164 = /^\+[1-9]\d{6,14}$/;
/** Why a POST did not deliver: unreachable (the error), or the receiver's non-2xx answer. */
const failureOf = (outcome: PostOutcome) => outcome.error ?? BACKGROUND_DELIVERY_MESSAGES.rejected(outcome.status!, outcome.answer);

export function createBackgroundDeliverer(deps: BackgroundDelivererDeps) {
  const { mailer, credentials } = deps;

  async function email(agent: DeliveryAgent, run: DeliveryRun, doc: RenderedDocument, ownerEmail: string | null, dryRun: boolean): Promise<BackgroundDelivery> {
    const channel = 'email';
    if (!mailer.configured) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.emailNotConfigured };
    const to = recipientList(agent.config.emailRecipients).join(', ') || ownerEmail || '';
    if (!to) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.noEmailAddress };
    if (dryRun) return { channel, status: 'dry_run', detail: BACKGROUND_DELIVERY_MESSAGES.wouldEmail(to) };
    try {
      await mailer.send({
        to,
        subject: `${agent.name}: new result`,
        text: [run.output, '', '--', `Background agent: ${agent.name}`, `Run: ${run.id} (${run.trigger}), finished ${run.finished_at}`].join('\n'),
        headers: { 'X-Accent-Background-Agent-Id': agent.id, 'X-Accent-Run-Id': run.id },
        attachments: [{ filename: `${fileStem(agent.name)}.${doc.extension}`, content: doc.body, contentType: doc.contentType }],
      });
      return { channel, status: 'sent', detail: BACKGROUND_DELIVERY_MESSAGES.emailSent(to) };
    } catch (error) {
      return { channel, status: 'failed', detail: `Email to ${to} failed: ${describeError(error)}` };
    }
  }

  async function slack(agent: DeliveryAgent, report: BackgroundReport, dryRun: boolean): Promise<BackgroundDelivery> {
    const channel = 'slack';
    const stored = await credentials.get(agent.library_id, 'connector', 'slack_webhook');
    if (!stored?.webhookUrl) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.slackNotConnected };
    if (dryRun) return { channel, status: 'dry_run', detail: BACKGROUND_DELIVERY_MESSAGES.wouldSlack };
    const outcome = await postTo({ url: stored.webhookUrl, body: JSON.stringify(toSlackBlocks(report)), allowPrivate: deps.allowPrivateWebhooks });
    if (outcome.ok) return { channel, status: 'sent', detail: BACKGROUND_DELIVERY_MESSAGES.slackSent };
    return { channel, status: 'failed', detail: failureOf(outcome) };
  }

  async function sms(agent: DeliveryAgent, run: DeliveryRun, dryRun: boolean): Promise<BackgroundDelivery> {
    const channel = 'sms';
    const stored = await credentials.get(agent.library_id, 'connector', 'sms');
    if (!stored?.accountSid || !stored.authToken || !stored.from) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.smsNotConnected };
    const numbers = recipientList(agent.config.smsRecipients);
    if (numbers.length === 0) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.noSmsNumber };
    const bad = numbers.find((n) => !E164.test(n));
    if (bad) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.badSmsNumber(bad) };
    if (dryRun) return { channel, status: 'dry_run', detail: BACKGROUND_DELIVERY_MESSAGES.wouldSms(numbers.join(', ')) };
    const text = `${agent.name}: ${run.output}`;
    const body = text.length <= SMS_MAX_CHARS ? text : `${text.slice(0, SMS_MAX_CHARS - 1)}…`;
    const url = `${(stored.baseUrl || DEFAULT_SMS_BASE_URL).replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(stored.accountSid)}/Messages.json`;
    const failed: string[] = [];
    for (const to of numbers) {
      const outcome = await postTo({
        url,
        body: new URLSearchParams({ To: to, From: stored.from, Body: body }).toString(),
        contentType: 'application/x-www-form-urlencoded',
        headers: { authorization: `Basic ${Buffer.from(`${stored.accountSid}:${stored.authToken}`).toString('base64')}` },
        allowPrivate: deps.allowPrivateWebhooks,
      });
      if (!outcome.ok) failed.push(`${to}: ${failureOf(outcome)}`);
    }
    if (failed.length > 0) return { channel, status: 'failed', detail: `SMS failed for ${failed.join('; ')}` };
    return { channel, status: 'sent', detail: BACKGROUND_DELIVERY_MESSAGES.smsSent(numbers.join(', ')) };
  }

  async function webhook(agent: DeliveryAgent, run: DeliveryRun, doc: RenderedDocument, dryRun: boolean): Promise<BackgroundDelivery> {
    const channel = 'webhook';
    const url = agent.config.webhookUrl.trim();
    if (!url) return { channel, status: 'failed', detail: BACKGROUND_DELIVERY_MESSAGES.noWebhookUrl };
    if (dryRun) return { channel, status: 'dry_run', detail: BACKGROUND_DELIVERY_MESSAGES.wouldWebhook(url) };
    const body = JSON.stringify({
      event: BACKGROUND_WEBHOOK_EVENT,
      agent: { id: agent.id, name: agent.name },
      run: { id: run.id, trigger: run.trigger, started_at: run.started_at, finished_at: run.finished_at },
      output: run.output,
      document: {
        format: doc.format,
        content_type: doc.contentType,
        // binary formats (pdf) travel base64-encoded
        ...(typeof doc.body === 'string' ? { body: doc.body } : { body_base64: doc.body.toString('base64') }),
      },
    });
    const outcome = await postTo({
      url,
      body,
      signWith: webhookSecretFor(agent.library_id, deps.webhookSigningSecret),
      headers: { 'x-accent-event': BACKGROUND_WEBHOOK_EVENT, 'x-accent-delivery': run.id },
      allowPrivate: deps.allowPrivateWebhooks,
    });
    if (outcome.ok) return { channel, status: 'sent', detail: BACKGROUND_DELIVERY_MESSAGES.webhookSent(outcome.status!) };
    return { channel, status: 'failed', detail: failureOf(outcome) };
  }

  /** Every chosen channel, each once, in the order of the enumeration. */
  async function deliverAll(
    agent: DeliveryAgent,
    run: DeliveryRun,
    rendered: { report: BackgroundReport; doc: RenderedDocument },
    ownerEmail: string | null,
    dryRun: boolean,
    /** channels an earlier attempt of the same run already delivered to (a retry does not send twice) */
    alreadySent: ReadonlySet<BackgroundDeliveryChannel> = new Set(),
  ): Promise<BackgroundDelivery[]> {
    const out: BackgroundDelivery[] = [];
    const chosen = new Set<BackgroundDeliveryChannel>(agent.config.deliveryChannels);
    for (const channel of ['dashboard', 'email', 'slack', 'sms', 'webhook'] as const) {
      if (!chosen.has(channel)) continue;
      if (alreadySent.has(channel)) {
        out.push({ channel, status: 'skipped', detail: BACKGROUND_DELIVERY_MESSAGES.alreadySent });
        continue;
      }
      switch (channel) {
        case 'dashboard':
          out.push({ channel, status: dryRun ? 'dry_run' : 'sent', detail: dryRun ? BACKGROUND_DELIVERY_MESSAGES.wouldFeed : BACKGROUND_DELIVERY_MESSAGES.feed });
          break;
        case 'email':
          out.push(await email(agent, run, rendered.doc, ownerEmail, dryRun));
          break;
        case 'slack':
          out.push(await slack(agent, rendered.report, dryRun));
          break;
        case 'sms':
          out.push(await sms(agent, run, dryRun));
          break;
        case 'webhook':
          out.push(await webhook(agent, run, rendered.doc, dryRun));
          break;
      }
    }
    return out;
  }

  return { deliverAll };
}

export type BackgroundDeliverer = ReturnType<typeof createBackgroundDeliverer>;

/** A file name from an agent's name. */
export const fileStem = (name: string) => name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'result';
